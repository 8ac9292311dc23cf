// What `npm test` reads from its runners' JSON reports: the counts, and each failed test by name with the first
// line of its error. scripts/test.mjs prints the names under its summary, so a log kept only by its tail (CI's)
// still says what failed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const relative = (file) => path.relative(root, file ?? '');

/** The first line of an error that says something (no blank lines, no ANSI colours), cut to one screen line. */
export function firstLine(text) {
  const line =
    String(text ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/** Vitest's JSON report (`--reporter=json`). */
export const vitestReport = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.numTotalTestSuites === 0 ? 1 : 0),
  failures: (r.testResults ?? []).flatMap((file) => {
    const tests = (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${relative(file.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // a file that failed before any test ran (an import error, a failing hook) has no failed test of its own
    return tests.length === 0 && file.status === 'failed'
      ? [`${relative(file.name)}: ${firstLine(file.message)}`]
      : tests;
  }),
});

/** Every spec of a Playwright JSON report with its describe titles, however deeply they nest. */
const playwrightSpecs = (suites, titles = []) =>
  (suites ?? []).flatMap((s) => {
    const chain = s.title && !s.title.endsWith('.ts') ? [...titles, s.title] : titles;
    return [
      ...(s.specs ?? []).map((spec) => ({ spec, titles: [...chain, spec.title] })),
      ...playwrightSpecs(s.suites, chain),
    ];
  });

/** Playwright's JSON report (the `json` reporter). A flaky test (failed, then passed on retry) counts as passed. */
export const playwrightReport = (r) => ({
  passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
  failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
  failures: [
    ...playwrightSpecs(r.suites).flatMap(({ spec, titles }) =>
      (spec.tests ?? [])
        .filter((t) => t.status === 'unexpected')
        .map((t) => {
          const last = t.results?.at(-1);
          const error = last?.error?.message ?? last?.errors?.[0]?.message;
          return `e2e/${spec.file}:${spec.line} › ${titles.join(' › ')}: ${firstLine(error)}`;
        }),
    ),
    ...(r.errors ?? []).map((e) => `outside any test: ${firstLine(e.message)}`),
  ],
});
