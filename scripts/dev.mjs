// `npm run dev`: the server with --watch on 8080 and Vite's dev server on 5173, which proxies the API,
// the identity provider and the mailbox to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--watch', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    // like `npm start`: demo mode unless DEMO_DATA says otherwise
    env: {
      ...process.env,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      DEMO_DATA: process.env.DEMO_DATA || 'true',
    },
  }),
  spawn('vite', ['--config', path.join(root, 'apps/web/vite.config.ts'), '--port', '5173', '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stopAll = () => children.forEach((c) => c.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);
for (const child of children)
  child.on('exit', (code) => {
    stopAll();
    process.exit(code ?? 0);
  });
