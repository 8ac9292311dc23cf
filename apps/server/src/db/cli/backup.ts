/**
 * npm run backup -- [--out FOLDER]
 *
 * Backs up the database (DATABASE_URL: pg_dump, custom format; or the embedded database in DATA_DIR, which only
 * one process may open: stop the server first) and every file of the store (DATA_DIR/files, or the S3 bucket)
 * into a new FOLDER (default backups/arc-<time>) with a manifest: the time, the last migration, rows per table
 * and the SHA-256 of each file. docs/operations.md, "Backups".
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { fail, parseCommandArgs } from '../../platform/command.ts';
import { createStorage } from '../../platform/storage.ts';
import { BackupError, writeBackup } from '../backup.ts';

const USAGE = 'usage: npm run backup -- [--out FOLDER]';
const { values } = parseCommandArgs({ out: { type: 'string' } }, USAGE);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
const folder = path.resolve(
  values.out ?? path.join('backups', `arc-${new Date().toISOString().replace(/[:.]/g, '-')}`),
);
try {
  const manifest = await writeBackup({
    database: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'pgdata') },
    storage: await createStorage(config),
    folder,
    log: (line) => console.error(line),
  });
  const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0);
  console.error(
    `Backed up ${rows} rows in ${Object.keys(manifest.database.tables).length} tables (migration ` +
      `${manifest.database.migration.last}) and ${manifest.files.length} files to ${folder}`,
  );
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  throw err;
}
