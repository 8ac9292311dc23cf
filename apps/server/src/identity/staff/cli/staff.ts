/**
 * npm run staff -- add EMAIL --role ROLE | list | disable EMAIL | reset-2fa EMAIL
 *
 * The back office's staff accounts (docs/decisions/back-office.md; docs/operations.md): `add` makes an account and
 * prints its one-time enrolment link (how the first admin is made in production), `reset-2fa` removes a lost second
 * factor and prints a new link, `disable` ends the account and its sessions. Uses the server's configuration (the
 * embedded database in DATA_DIR can be opened by one process only: stop the server first).
 */
import { recordAudit } from '../../../modules/audit/service.ts';
import { systemClock } from '../../../platform/clock.ts';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { AppError } from '../../../platform/errors.ts';
import { runStaffCommand, STAFF_USAGE } from '../staff-command.ts';

const { values, positionals } = parseCommandArgs({ role: { type: 'string' } }, STAFF_USAGE);
if (values.help) {
  console.log(STAFF_USAGE);
  process.exit(0);
}
const { config, database } = await openCommandDatabase();
try {
  const lines = await runStaffCommand(
    { db: database.db, clock: systemClock, recordAudit, publicUrl: config.publicUrl },
    { command: positionals[0], email: positionals[1], role: values.role },
  );
  for (const line of lines) console.log(line);
} catch (err) {
  await database.close();
  if (err instanceof AppError) fail(err.message);
  throw err;
}
await database.close();
