// `npm run build`: the production builds, as a deployment makes them once per version — the web app (Vite,
// apps/web/dist) and the server (esbuild, apps/server/dist; scripts/build-server.mjs). Run the server with
// `node_modules/.bin/node apps/server/dist/main.js` (docs/operations.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = spawnSync('vite', ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
  stdio: 'inherit',
  cwd: root,
});
if (web.status !== 0) process.exit(web.status ?? 1);
await buildServer();
console.log('Built apps/web/dist and apps/server/dist.');
