import path from 'node:path';

/**
 * The server package's folder (apps/server). This file sits directly in `src/`, and the production build puts
 * every chunk directly in `dist/` (scripts/build-server.mjs), so one level up is the package in both: files
 * the server reads at run time (migrations, the demo clips, the web build) are found from here, never from the
 * location of the module that reads them.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
