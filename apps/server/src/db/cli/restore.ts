/**
 * npm run restore -- --from FOLDER [--force]
 *
 * Restores a folder written by `npm run backup` into the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR: stop the server first) and file store (DATA_DIR/files, or the S3 bucket), then verifies both
 * against the manifest. Refuses a database that holds tables unless --force (which drops them first).
 * docs/operations.md, "Backups".
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { fail, parseCommandArgs } from '../../platform/command.ts';
import { createStorage } from '../../platform/storage.ts';
import { BackupError, restoreBackup } from '../backup.ts';

const USAGE = 'usage: npm run restore -- --from FOLDER [--force]';
const { values } = parseCommandArgs({ from: { type: 'string' }, force: { type: 'boolean' } }, USAGE);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.from) fail(USAGE);
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
try {
  const manifest = await restoreBackup({
    database: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dir: path.join(config.dataDir, 'pgdata') },
    storage: await createStorage(config),
    folder: path.resolve(values.from),
    force: values.force ?? false,
    log: (line) => console.error(line),
  });
  console.error(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.database.migration.last}): verified`,
  );
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  throw err;
}
