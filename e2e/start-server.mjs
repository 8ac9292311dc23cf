// Starts the real server, as built for production (scripts/build-server.mjs, built here when stale), for the
// end-to-end run on a fresh data directory with demo data (asked for explicitly: a server started directly has
// demo mode off).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, SERVER_ENTRY } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8181';
const dataDir = path.join(root, '.tmp', 'e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });

await ensureServerBuild();
const server = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: 'localhost',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // every spec signs in from this one address, two at a time: on a fast machine more than the default 30 a
    // minute (the limit itself is tested in apps/server/src/identity/sign-in.test.ts)
    SIGN_INS_PER_MINUTE: '600',
    AUTHORIZATIONS_PER_MINUTE: '6000',
    // the staff API (docs/operations.md), so specs can move an enrollment to Pended
    STAFF_API_KEY: 'e2e-staff-api-key-0123456789abcdef',
    // the provider's own links and addresses (README, Links and contact addresses), on a reserved test domain
    PROVIDER_SITE_URL: 'https://agents.provider.test',
    PROVIDER_EMAIL_DOMAIN: 'provider.test',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
