// Runs on whatever Node the machine has (20 is enough): installs the project's dependencies when they are
// missing or stale, then re-runs the given script on the project's own Node 24 (node_modules/.bin/node).
//   node scripts/bootstrap.mjs <script.mjs|.ts> [args…]          a script of the project
//   node scripts/bootstrap.mjs [--cwd <dir>] <tool> [args…]       a tool of node_modules/.bin (eslint, prettier,
//                                                                drizzle-kit), run in <dir> of the project
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projectNode = path.join(root, 'node_modules', '.bin', 'node');
const lock = path.join(root, 'package-lock.json');
const installedLock = path.join(root, 'node_modules', '.package-lock.json');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const isStale =
  !fs.existsSync(projectNode) ||
  !fs.existsSync(installedLock) ||
  fs.statSync(installedLock).mtimeMs < fs.statSync(lock).mtimeMs;

if (isStale) {
  console.log('Installing dependencies (npm ci)…');
  const status = run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  if (status !== 0) process.exit(status);
}

const argv = process.argv.slice(2);
const cwd = argv[0] === '--cwd' ? path.join(root, argv.splice(0, 2)[1] ?? '') : root;
const [script, ...args] = argv;
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs [--cwd <dir>] <script or tool> [args…]');
  process.exit(2);
}
const bin = path.join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
// a tool's bin file starts with `#!/usr/bin/env node`: with node_modules/.bin first on the PATH that is Node 24 too
const isTool = !/[./\\]/.test(script);
const child = isTool
  ? spawnSync(path.join(bin, script), args, { stdio: 'inherit', cwd, env })
  : spawnSync(projectNode, [path.join(root, script), ...args], { stdio: 'inherit', cwd, env });
if (child.error) throw child.error;
process.exit(child.status ?? (child.signal ? 1 : 0));
