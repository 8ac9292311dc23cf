// `npm test`: every check the project has, in order — typecheck, lint, format, unused code (knip), licences and
// npm audit of the shipped dependencies, unit and integration
// (PGlite, then real PostgreSQL when one answers on 127.0.0.1:5432), production build, end-to-end in
// Chromium. Ends with the line "N passed, N failed". Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightReport, vitestReport } from './lib/test-reports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const only = new Set(process.argv.slice(2));
const wants = (step) => only.size === 0 || only.has(step);

let passed = 0;
let failed = 0;
const summary = [];

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    ...options,
    env: { ...process.env, ...options.env },
  });
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** A check that is one test: it passes or fails as a whole. */
function check(name, command, args, options) {
  console.log(`\n▶ ${name}`);
  const { ok, seconds } = run(command, args, options);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
}

/**
 * Checks that are one test each, two at a time: each one's output is kept and printed whole when it ends, in the
 * order they were listed, so a log reads as if they had run one after the other.
 */
async function checksTwoAtATime(checks) {
  const results = checks.map(([name, command, args]) => {
    let resolve;
    const done = new Promise((r) => (resolve = r));
    return {
      name,
      done,
      start: () => {
        const started = Date.now();
        const chunks = [];
        const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
        child.on('close', (code) =>
          resolve({
            ok: code === 0,
            output: Buffer.concat(chunks),
            seconds: ((Date.now() - started) / 1000).toFixed(1),
          }),
        );
        return done;
      },
    };
  });
  let next = 0;
  const worker = async () => {
    while (next < results.length) await results[next++].start();
  };
  const workers = Promise.all([worker(), worker()]);
  for (const { name, done } of results) {
    const { ok, output, seconds } = await done;
    console.log(`\n▶ ${name}`);
    process.stdout.write(output);
    if (ok) passed += 1;
    else failed += 1;
    summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  }
  await workers;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A test runner whose own counts are added up from its JSON report. The summary names each failed test with
 * the first line of its error: a log that keeps only its tail (CI's) still says what failed.
 */
function suite(name, command, args, reportFile, readReport, options) {
  console.log(`\n▶ ${name}`);
  fs.rmSync(reportFile, { force: true });
  const { ok, seconds } = run(command, args, options);
  const report = readJson(reportFile);
  const counts = report ? readReport(report) : { passed: 0, failed: 1, failures: [] };
  if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed outside any test
  passed += counts.passed;
  failed += counts.failed;
  summary.push(
    `${counts.failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${counts.passed} passed, ${counts.failed} failed (${seconds}s)`,
  );
  const shown = counts.failures ?? [];
  for (const failure of shown.slice(0, 20)) summary.push(`       ✗ ${failure}`);
  if (shown.length > 20) summary.push(`       … and ${shown.length - 20} more`);
}

function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Installs a Debian package with apt-get (directly as root, else through sudo); true when `binary` exists after. */
function aptInstall(pkg, binary) {
  if (fs.existsSync(binary)) return true;
  console.log(`Installing Debian's ${pkg}…`);
  const asRoot = process.getuid?.() === 0;
  const apt = (args, env) =>
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    }).status === 0;
  if (!apt(['update'])) return false;
  return apt(['install', '-y', pkg], { DEBIAN_FRONTEND: 'noninteractive' }) && fs.existsSync(binary);
}

const ensureChromium = () => aptInstall('chromium', '/usr/bin/chromium');

const started = Date.now();

/** The static checks: each uses one core, so they run two at a time (docs/decisions/testing.md). */
const staticChecks = [];
if (wants('typecheck')) {
  for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
    if (fs.existsSync(path.join(root, project, 'tsconfig.json')))
      staticChecks.push([`typecheck ${project}`, 'tsc', ['-p', project]]);
  }
}
if (wants('lint')) staticChecks.push(['lint (eslint)', 'eslint', ['--max-warnings=0', '.']]);
if (wants('lint'))
  staticChecks.push([
    'lint rules (node --test)',
    'node',
    ['--test', 'scripts/lint/area-boundaries.test.js', 'scripts/lint/recurring-work.test.js'],
  ]);
// every path and code name the documentation mentions exists, and docs/architecture.md names every server module
if (wants('lint') || wants('docs'))
  staticChecks.push(['documentation names what exists (node --test)', 'node', ['--test', 'scripts/lint/docs.test.js']]);
if (wants('format')) staticChecks.push(['format (prettier --check)', 'prettier', ['--check', '--log-level=warn', '.']]);
if (wants('knip')) staticChecks.push(['unused files, exports and dependencies (knip)', 'knip', ['--no-progress']]);
if (wants('licenses'))
  staticChecks.push([
    'licences of shipped dependencies (npm run licenses)',
    'node',
    ['scripts/licenses.mjs', '--summary'],
  ]);
await checksTwoAtATime(staticChecks);

if (wants('audit')) {
  console.log('\n▶ npm audit --omit=dev --audit-level=high');
  const { status, seconds } = (() => {
    const began = Date.now();
    const result = spawnSync('node', ['scripts/audit-deps.mjs'], { stdio: 'inherit', cwd: root });
    return { status: result.status, seconds: ((Date.now() - began) / 1000).toFixed(1) };
  })();
  if (status === 0) {
    passed += 1;
    summary.push(`ok   npm audit: no high or critical advisory in shipped dependencies (${seconds}s)`);
  } else if (status === 3) {
    // not a pass and not a failure of ours: said loudly in the summary so nobody reads it as checked
    summary.push(`skip npm audit: the registry has no audit endpoint here — dependencies NOT checked (${seconds}s)`);
  } else {
    failed += 1;
    summary.push(`FAIL npm audit: high or critical advisories in shipped dependencies (${seconds}s)`);
  }
}

if (wants('unit')) {
  const report = path.join(tmp, 'vitest.json');
  suite(
    'unit and integration (vitest, PGlite)',
    'vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    report,
    vitestReport,
  );
}

if (wants('postgres') || (only.size === 0 && (await postgresAnswers()))) {
  if (await postgresAnswers()) {
    // the two-replica test puts nginx in front of two servers (apps/server/src/replicas/); it also needs
    // redis-server, and says so when it skips
    if (!aptInstall('nginx', '/usr/sbin/nginx'))
      summary.push('note: nginx could not be installed; the replica test skips');
    const report = path.join(tmp, 'vitest-postgres.json');
    suite(
      'server integration (vitest, PostgreSQL 127.0.0.1:5432)',
      'vitest',
      ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
      report,
      vitestReport,
      { env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' } },
    );
  } else {
    summary.push('skip server integration on PostgreSQL: nothing answers on 127.0.0.1:5432');
  }
}

if (wants('build')) {
  check('build (vite)', 'vite', ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']);
  // the end-to-end run serves this build (e2e/start-server.mjs)
  check('build (server, esbuild)', process.execPath, ['scripts/build-server.mjs']);
}

if (wants('e2e')) {
  if (ensureChromium()) {
    const report = path.join(tmp, 'playwright.json');
    suite(
      'end-to-end (Playwright, Chromium)',
      'playwright',
      ['test', '--config', 'e2e/playwright.config.ts'],
      report,
      playwrightReport,
      {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      },
    );
  } else {
    failed += 1;
    summary.push('FAIL end-to-end: Chromium could not be installed');
  }
}

console.log(`\n── summary (${Math.round((Date.now() - started) / 1000)} s) ──`);
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
