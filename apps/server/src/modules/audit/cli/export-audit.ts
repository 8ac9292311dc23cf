/**
 * npm run audit:export -- [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--agent USERNAME|NPN|ID]
 *                         [--format csv|xlsx] [--out FILE]
 *
 * For the provider's staff: the audit log (sign-ins, password changes, downloads, exports, terms acceptances),
 * oldest first, streamed to FILE or standard output. Uses the server's configuration (DATABASE_URL, or the
 * embedded database in DATA_DIR, which only one process may open: stop the server first).
 */
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { isIsoDate } from '@arc/contract';
import { sql } from 'drizzle-orm';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { writeAuditCsv, writeAuditXlsx } from '../export-format.ts';
import { auditRecords } from '../service.ts';

const USAGE =
  'usage: npm run audit:export -- [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--agent USERNAME|NPN|ID] ' +
  '[--format csv|xlsx] [--out FILE]';
const { values } = parseCommandArgs(
  {
    since: { type: 'string' },
    until: { type: 'string' },
    agent: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    out: { type: 'string' },
  },
  USAGE,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
for (const key of ['since', 'until'] as const) {
  const value = values[key];
  if (value !== undefined && !isIsoDate(value)) fail(`--${key} must be a date as YYYY-MM-DD\n${USAGE}`);
}
if (values.format !== 'csv' && values.format !== 'xlsx') fail(`--format must be csv or xlsx\n${USAGE}`);
if (values.format === 'xlsx' && !values.out && process.stdout.isTTY) {
  fail(`--format xlsx writes a binary file: give --out FILE or redirect the output\n${USAGE}`);
}

const { database } = await openCommandDatabase();
try {
  let agentId: string | undefined;
  if (values.agent) {
    const found = await database.db.execute<{ id: string }>(
      sql`select id from agents where id = ${values.agent} or npn = ${values.agent}
          or lower(username) = lower(${values.agent}) limit 1`,
    );
    // an agent no longer on the roster is still in the log under its id
    agentId = found.rows[0]?.id ?? values.agent;
  }
  const records = auditRecords(database.db, {
    since: values.since ? new Date(`${values.since}T00:00:00Z`) : undefined,
    until: values.until ? new Date(`${values.until}T00:00:00Z`) : undefined,
    agentId,
  });
  const out = values.out ? fs.createWriteStream(values.out) : process.stdout;
  const count = await (values.format === 'xlsx' ? writeAuditXlsx(records, out) : writeAuditCsv(records, out));
  if (out !== process.stdout) {
    out.end();
    await finished(out);
  }
  console.error(`${count} audit records exported${values.out ? ` to ${values.out}` : ''}`);
} finally {
  await database.close();
}
