/**
 * npm run keys -- rotate | retire | list
 *
 * The identity provider's signing keys, kept in the database (app_secrets) with its cookie keys and shared by
 * every replica. `rotate` puts a new signing key first and keeps the old ones for verification; restart the
 * replicas one by one afterwards. `retire`, once the old keys' tokens have expired (12 hours, the longest
 * refresh token), keeps only the newest signing key. `list` shows the key ids, the signing key first. See
 * docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.ts';
import { configuredDatabase, openDatabase } from '../../db/client.ts';
import { loadOrCreateProviderSecrets, retireOldProviderKeys, rotateProviderKeys } from '../keys.ts';

const USAGE = 'usage: npm run keys -- rotate | retire | list';
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const command = positionals[0];
if (positionals.length !== 1 || !['rotate', 'retire', 'list'].includes(command ?? '')) {
  console.error(USAGE);
  process.exit(1);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const database = await openDatabase({
  ...configuredDatabase(config),
  logger: { error: (obj, msg) => console.error(msg, obj) },
});
await database.migrate();
const secrets =
  command === 'rotate'
    ? await rotateProviderKeys(database.db)
    : command === 'retire'
      ? await retireOldProviderKeys(database.db)
      : await loadOrCreateProviderSecrets(database.db);
await database.close();
const [signing, ...verifying] = secrets.jwks.keys.map((key) => key.kid);
console.log(`signing key: ${signing}`);
console.log(`verification only: ${verifying.length > 0 ? verifying.join(', ') : 'none'}`);
if (command === 'rotate') {
  console.log('Restart the replicas one by one; run `npm run keys -- retire` after 12 hours.');
}
