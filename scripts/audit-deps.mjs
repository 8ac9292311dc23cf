// `npm run audit:deps`: `npm audit --omit=dev --audit-level=high` for the dependencies the portal ships, with an
// answer that cannot be mistaken: exit 0 when no high or critical advisory applies, 1 when one does (listed),
// 3 when the registry could not answer (some mirrors and proxies have no audit endpoint) — the dependencies were
// then NOT checked, and the message says so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});

let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why =
    report?.message ??
    report?.error?.summary ??
    (result.error ? String(result.error) : (result.stderr || 'no answer').trim().split('\n').pop());
  console.log(`npm audit: the registry did not answer the audit request (${why}).`);
  console.log('The shipped dependencies were NOT checked against security advisories. Run `npm run audit:deps`');
  console.log('where the npm registry (or a mirror with an audit endpoint) is reachable.');
  process.exit(3);
}

const high = (counts.high ?? 0) + (counts.critical ?? 0);
const lines = Object.values(report.vulnerabilities ?? {})
  .filter((v) => v.severity === 'high' || v.severity === 'critical')
  .map((v) => `  ${v.severity.padEnd(8)} ${v.name} ${v.range}${v.fixAvailable ? ' (fix available)' : ''}`);
console.log(
  `npm audit (shipped dependencies): ${high} high or critical, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
for (const line of lines) console.log(line);
process.exit(high === 0 ? 0 : 1);
