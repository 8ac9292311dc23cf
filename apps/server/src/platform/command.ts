// The staff commands (npm run import:t65, t65:exports, audit:export …): their database, arguments and exit.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { configuredDatabase, openDatabase, type Database } from '../db/client.ts';

/**
 * The database the server would use (DATABASE_URL, or the embedded one under DATA_DIR), migrated and with the
 * places loaded. The embedded database has one connection: stop the server before running a command on it.
 */
export async function openCommandDatabase(): Promise<{ config: Config; database: Database }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const database = await openDatabase({
    ...configuredDatabase(config),
    logger: { error: (obj, msg) => console.error(msg, obj) },
  });
  await database.migrate();
  return { config, database };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function parseCommandArgs<T extends ParseArgsConfig['options']>(options: T, usage: string) {
  try {
    return parseArgs({ options: { ...options, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    fail(`${(err as Error).message}\n${usage}`);
  }
}
