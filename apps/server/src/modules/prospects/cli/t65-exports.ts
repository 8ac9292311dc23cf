/**
 * npm run t65:exports -- [--since YYYY-MM-DD] [--npn NPN] [--limit N] [--csv]
 *
 * For the provider's staff: who exported prospects, when, with which search and how many rows (newest first).
 */
import { finished } from 'node:stream/promises';
import { isIsoDate } from '@arc/contract';
import { sql } from 'drizzle-orm';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { csvWriter } from '../../../platform/csv.ts';
import { selectExportRecords } from '../queries.ts';

const USAGE = 'usage: npm run t65:exports -- [--since YYYY-MM-DD] [--npn NPN] [--limit N] [--csv]';
const { values } = parseCommandArgs(
  {
    since: { type: 'string' },
    npn: { type: 'string' },
    limit: { type: 'string', default: '100' },
    csv: { type: 'boolean', default: false },
  },
  USAGE,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.since && !isIsoDate(values.since)) fail(`--since must be a date as YYYY-MM-DD\n${USAGE}`);
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) fail(`--limit must be a whole number above 0\n${USAGE}`);

const { database } = await openCommandDatabase();
let agentId: string | undefined;
if (values.npn) {
  const found = await database.db.execute<{ id: string }>(sql`select id from agents where npn = ${values.npn}`);
  agentId = found.rows[0]?.id ?? '-';
}
const records = await selectExportRecords(database.db, {
  limit,
  ...(values.since ? { since: new Date(`${values.since}T00:00:00Z`) } : {}),
  ...(agentId ? { agentId } : {}),
});
const lines = records.map((r) => [
  r.exportedAt.toISOString(),
  r.npn,
  r.agentId,
  String(r.rowCount),
  JSON.stringify(r.search),
  r.filters ? JSON.stringify(r.filters) : '',
]);
const header = ['exported_at', 'npn', 'agent_id', 'rows', 'search', 'filters'];
if (values.csv) {
  const csv = csvWriter({ header });
  csv.pipe(process.stdout);
  for (const line of lines) csv.write(line);
  csv.end();
  await finished(csv);
} else if (lines.length === 0) {
  console.log('No exports recorded.');
} else {
  for (const line of lines)
    console.log(`${line[0]}  NPN ${line[1]}  ${line[3]} rows  ${line[4]}${line[5] ? `  filters ${line[5]}` : ''}`);
}
await database.close();
