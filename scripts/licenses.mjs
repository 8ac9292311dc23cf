// `npm run licenses`: the licence of every package the portal ships (the production dependency tree of every
// workspace, browser bundle included), and a failure for any licence a provider could not ship in a closed
// product (docs/decisions/dependencies-and-error-reporting.md): strong copyleft (GPL, AGPL, LGPL, SSPL, EUPL, OSL, CC
// BY-SA) or non-commercial terms, and anything nobody has reviewed. MPL-2.0 (file-level, weak copyleft) is allowed. It
// also fails for a shipped package its authors deprecated (npm's `deprecated` field in its installed package.json) that
// is not in the reviewed list of deprecated and unmaintained packages below
// (docs/decisions/dependencies-and-error-reporting.md): the npm audit endpoint is not always reachable, so this review
// of the shipped tree is kept here and runs with every check. `--summary` prints the counts and the problems only.
// LICENSES_PACKAGES_FILE (tests) reads the package list from a JSON file instead of `npm query .prod`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isSummary = process.argv.includes('--summary');

/** SPDX ids a closed product may ship. */
const ALLOWED = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSL-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  // weak, file-level copyleft: shipping unmodified files is fine; changes to those files must be published
  'MPL-2.0',
  'Python-2.0',
  'SAX-PD',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);
/** Copyleft or non-commercial licences: never shipped. */
const FORBIDDEN = /^(A?GPL|LGPL|SSPL|EUPL|OSL|CPAL|RPL|Sleepycat|CC-BY-(NC|SA)|CC-BY-NC)/i;
/** Licence fields that are not SPDX, as reviewed by hand: the SPDX id they mean. */
const REVIEWED = { 'MIT/X11': 'MIT' };
/**
 * Packages without a licence field, reviewed by hand (docs/decisions/dependencies-and-error-reporting.md): name@version
 * → what we found. Listed with their note on every run, so they stay visible; a new version is reviewed again.
 */
const REVIEWED_PACKAGES = {
  // docs/decisions/dependencies-and-error-reporting.md: an unmodified LGPL library linked at run time, in its own
  // replaceable files, may ship closed
  '@img/sharp-libvips-linux-x64@1.3.4':
    'LGPL-3.0-or-later libvips, unmodified, a shared library that sharp loads at run time and that stays its own replaceable files (the LGPL allows this in a closed product with its notice and the source at github.com/libvips/libvips); used to re-encode avatars',
  'buffers@0.1.1':
    'no licence declared (substack, 2011); reached only through exceljs → unzipper → binary, for reading .xlsx, which the portal never does; replace when exceljs drops it',
};

/**
 * Deprecated or unmaintained packages the portal ships, reviewed by hand
 * (docs/decisions/dependencies-and-error-reporting.md): name@version → why it may stay. Listed with their note on every
 * run; a new version is reviewed again. A shipped package whose installed package.json says `deprecated` and that is
 * not here fails the check.
 */
const REVIEWED_UNMAINTAINED = {
  'archiver@5.3.2':
    'exceljs 4.4.0 (its latest release) writes .xlsx with it; archiver 5 is an old major (7 is current) but only zips the workbook the server builds from its own rows, never input from outside',
  'unzipper@0.10.14':
    'exceljs 4.4.0 reads .xlsx with it; the portal only writes workbooks, so no uploaded zip ever reaches it',
  'glob@7.2.3':
    "reached through archiver-utils (archiver's glob() and directory(), which exceljs never calls) and rimraf 2 below",
  'inflight@1.0.6':
    'deprecated (leaks memory) and unmaintained; reached only through glob 7 above, which exceljs never calls',
  'rimraf@2.7.1': 'reached only through fstream → unzipper (reading .xlsx), which the portal never does',
  'fstream@1.0.12': 'reached only through unzipper (reading .xlsx), which the portal never does',
  'lodash.isequal@4.5.0':
    'deprecated in favour of node:util isDeepStrictEqual; a pure function, reached through fast-csv (exceljs), no I/O',
};

/** Evaluates an SPDX expression: OR needs one allowed side, AND needs both, WITH keeps the licence. */
function verdict(expression) {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let at = 0;
  const primary = () => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = or();
      at += 1; // ')'
      return inner;
    }
    let id = REVIEWED[token] ?? token?.replace(/\+$/, '');
    if (tokens[at] === 'WITH') at += 2;
    if (ALLOWED.has(id)) return 'allowed';
    if (FORBIDDEN.test(id ?? '')) return 'copyleft';
    return 'unknown';
  };
  const and = () => {
    let result = primary();
    while (tokens[at] === 'AND') {
      at += 1;
      const right = primary();
      result = [result, right].includes('copyleft')
        ? 'copyleft'
        : [result, right].includes('unknown')
          ? 'unknown'
          : 'allowed';
    }
    return result;
  };
  const or = () => {
    let result = and();
    while (tokens[at] === 'OR') {
      at += 1;
      const right = and();
      result = [result, right].includes('allowed')
        ? 'allowed'
        : [result, right].includes('unknown')
          ? 'unknown'
          : 'copyleft';
    }
    return result;
  };
  return or();
}

function licenceOf(pkg) {
  const field = pkg.license ?? pkg.licenses;
  if (typeof field === 'string') return field;
  if (Array.isArray(field)) return field.map((l) => (typeof l === 'string' ? l : l?.type)).join(' OR ');
  if (field && typeof field === 'object') return field.type;
  return undefined;
}

function shippedPackages() {
  if (process.env.LICENSES_PACKAGES_FILE)
    return JSON.parse(fs.readFileSync(process.env.LICENSES_PACKAGES_FILE, 'utf8'));
  const query = spawnSync('npm', ['query', '.prod'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (query.status !== 0) {
    console.error(`npm query failed: ${query.stderr}`);
    process.exit(2);
  }
  return JSON.parse(query.stdout);
}
const seen = new Map();
for (const pkg of shippedPackages()) {
  // the workspaces themselves are ours
  if (!pkg.location?.includes('node_modules')) continue;
  const key = `${pkg.name}@${pkg.version}`;
  if (seen.has(key)) continue;
  const licence = licenceOf(pkg);
  const note = REVIEWED_PACKAGES[key];
  seen.set(key, {
    key,
    licence: licence ?? '(none)',
    verdict: note ? 'allowed' : licence ? verdict(licence) : 'unknown',
    note,
    deprecated: typeof pkg.deprecated === 'string' && pkg.deprecated !== '' ? pkg.deprecated : undefined,
    unmaintainedNote: REVIEWED_UNMAINTAINED[key],
  });
}
const rows = [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
if (!isSummary) {
  const width = Math.max(...rows.map((r) => r.key.length));
  for (const row of rows)
    console.log(`${row.key.padEnd(width)}  ${row.licence}${row.verdict === 'allowed' ? '' : `  ← ${row.verdict}`}`);
  console.log('');
}
const byLicence = new Map();
for (const row of rows) byLicence.set(row.licence, (byLicence.get(row.licence) ?? 0) + 1);
console.log(
  `licences of ${rows.length} shipped packages: ${[...byLicence.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([licence, n]) => `${licence} ${n}`)
    .join(', ')}`,
);
for (const row of rows.filter((r) => r.note)) console.log(`reviewed by hand: ${row.key} (${row.licence}): ${row.note}`);
const problems = rows.filter((r) => r.verdict !== 'allowed');
for (const row of problems) {
  console.log(
    `${row.verdict === 'copyleft' ? 'COPYLEFT' : 'NOT REVIEWED'}: ${row.key} (${row.licence})` +
      (row.verdict === 'unknown' ? ' — review it and add it to scripts/licenses.mjs' : ''),
  );
}
for (const row of rows.filter((r) => r.unmaintainedNote)) {
  console.log(`reviewed as unmaintained: ${row.key}${row.deprecated ? ' (deprecated)' : ''}: ${row.unmaintainedNote}`);
}
const shipped = new Set(rows.map((r) => r.key));
for (const key of Object.keys(REVIEWED_UNMAINTAINED).filter((k) => !shipped.has(k))) {
  console.log(`no longer shipped: ${key} — remove it from REVIEWED_UNMAINTAINED in scripts/licenses.mjs`);
}
const deprecated = rows.filter((r) => r.deprecated && !r.unmaintainedNote);
for (const row of deprecated) {
  console.log(
    `DEPRECATED, NOT REVIEWED: ${row.key} ("${row.deprecated}") — replace it, or review it and add it to ` +
      'REVIEWED_UNMAINTAINED in scripts/licenses.mjs',
  );
}
process.exit(problems.length === 0 && deprecated.length === 0 ? 0 : 1);
