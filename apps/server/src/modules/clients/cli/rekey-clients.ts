/**
 * npm run clients:rekey
 *
 * After a rotation of the client data key (docs/configuration.md, CLIENT_DATA_KEY): re-encrypts every stored Medicare
 * number under the new CLIENT_DATA_KEY, reading the old ones with CLIENT_DATA_PREVIOUS_KEYS. Safe to run again (rows
 * already under the new key are skipped) and while the server runs on PostgreSQL (the embedded database allows one
 * process: stop the server first). Once it reports 0 left, the old key can leave CLIENT_DATA_PREVIOUS_KEYS.
 */
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { rekeyClientMbis } from '../service.ts';

const USAGE = 'usage: npm run clients:rekey';
const { values } = parseCommandArgs({}, USAGE);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const { config, database } = await openCommandDatabase();
try {
  if (!config.clientDataKeys.current) fail('CLIENT_DATA_KEY is not set: there is no key to re-encrypt under');
  const count = await rekeyClientMbis({ db: database.db, config });
  console.log(`${count} Medicare number(s) re-encrypted under the current key`);
} finally {
  await database.close();
}
