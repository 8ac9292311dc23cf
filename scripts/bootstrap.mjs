// Runs on whatever Node the machine has (20 is enough): installs the project's dependencies when they are
// missing or stale, then re-runs the given script on the project's own Node 24 (node_modules/.bin/node).
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

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <script> [args…]');
  process.exit(2);
}
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};
const child = spawnSync(projectNode, [path.join(root, script), ...args], { stdio: 'inherit', cwd: root, env });
process.exit(child.status ?? (child.signal ? 1 : 0));
