// `npm start`: builds the web app and the server (scripts/build-server.mjs) when a build is missing or older than
// its sources, then starts the built server (PGlite under DATA_DIR by default) on PORT in demo mode, unless
// DEMO_DATA says otherwise. A server started any other way (node apps/server/dist/main.js under a process manager)
// has demo mode off.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, SERVER_ENTRY } from './build-server.mjs';

// demo mode is on unless DEMO_DATA is set; an explicit DEMO_DATA=false always wins
const demoData = process.env.DEMO_DATA || 'true';
if (['true', '1', 'yes', 'on'].includes(demoData)) {
  console.log(
    'Demo mode is on: demo agents and documents are seeded, and every e-mail (with its sign-in links) is readable ' +
      `without signing in at /dev/mailbox, so it listens on ${process.env.HOST || '127.0.0.1 (this machine) only; set HOST to change that'}. ` +
      'Start with DEMO_DATA=false for real use.',
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const builtIndex = path.join(webRoot, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(webRoot, 'src'), path.join(webRoot, 'index.html'), path.join(root, 'packages/contract/src')];
const newestSource = Math.max(
  ...sources.map((s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs)),
);
if (!fs.existsSync(builtIndex) || fs.statSync(builtIndex).mtimeMs < newestSource) {
  console.log('Building the web app…');
  const result = spawnSync('vite', ['build', '--config', path.join(webRoot, 'vite.config.ts'), '--logLevel', 'warn'], {
    stdio: 'inherit',
    cwd: webRoot,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await ensureServerBuild();

const server = spawn(process.execPath, [SERVER_ENTRY], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, DEMO_DATA: demoData },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
