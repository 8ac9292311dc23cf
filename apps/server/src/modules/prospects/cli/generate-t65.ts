/**
 * npm run generate:t65 -- [--rows N] [--states WI,IL] [--as-of YYYY-MM-DD] [--seed N] [--out FILE]
 *
 * Makes a deterministic T65 list from the shared places and loads it (replacing the current list), or, with
 * --out, writes it as an import file (docs/t65-import.md) instead.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { datePartsIn, isoDate } from '@arc/contract';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { csvWriter } from '../../../platform/csv.ts';
import { T65_CSV_COLUMNS } from '../csv.ts';
import { generateProspects } from '../generator.ts';
import { replaceProspectList } from '../loader.ts';
import { loadPlacesIndex } from '../queries.ts';

const USAGE = 'usage: npm run generate:t65 -- [--rows N] [--states WI,IL] [--as-of YYYY-MM-DD] [--seed N] [--out FILE]';
const { values } = parseCommandArgs(
  {
    rows: { type: 'string', default: '100000' },
    states: { type: 'string' },
    'as-of': { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
  },
  USAGE,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) fail(`--rows must be a whole number above 0\n${USAGE}`);
const states = values.states ? values.states.toUpperCase().split(',').filter(Boolean) : [];
const seed = values.seed ? Number(values.seed) : undefined;

const { database, config } = await openCommandDatabase();
const today = datePartsIn(new Date(), config.businessTimeZone);
const asOf = values['as-of'] ?? isoDate(today.year, today.month, today.day);
const places = await loadPlacesIndex(database.db);
const items = generateProspects(places, { rows, asOf, states, ...(seed !== undefined ? { seed } : {}) });
const started = performance.now();
let lastReport = 0;
const progress = (n: number) => {
  if (n - lastReport >= 500_000 || n === rows) {
    lastReport = n;
    console.log(`  ${n.toLocaleString('en-US')} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
};

if (values.out) {
  const out = fs.createWriteStream(values.out);
  const csv = csvWriter({ header: T65_CSV_COLUMNS });
  csv.pipe(out);
  let n = 0;
  for (const { row, ncoaDate } of items) {
    const record = [
      row.t65,
      row.prefix,
      row.firstName,
      row.middle,
      row.lastName,
      row.address1,
      row.address2,
      row.city,
      row.state,
      row.zip,
      row.countyFips,
      row.phone,
      ncoaDate ?? asOf,
    ];
    if (!csv.write(record)) await once(csv, 'drain');
    progress(++n);
  }
  csv.end();
  await finished(out);
  console.log(`Wrote ${rows.toLocaleString('en-US')} prospects to ${values.out}`);
} else {
  console.log(
    `Generating ${rows.toLocaleString('en-US')} prospects into ${config.databaseUrl ? 'DATABASE_URL' : 'the embedded database'}…`,
  );
  const result = await replaceProspectList(database.db, items, {
    source: `generated: ${rows} rows${states.length ? ` in ${states.join(',')}` : ''}, as of ${asOf}`,
    onProgress: progress,
  });
  console.log(
    `Loaded ${result.rows.toLocaleString('en-US')} prospects in ${(result.ms / 1000).toFixed(1)} s (updated through ${result.updatedThrough}).`,
  );
}
await database.close();
