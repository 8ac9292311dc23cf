/**
 * npm run import:t65 -- FILE [--report FILE]
 *
 * Replaces the T65 prospect list with the lines of FILE that pass every check (docs/t65-import.md), in one step;
 * the rejected lines and their reasons go to the report (FILE.rejected.csv by default).
 */
import fs from 'node:fs';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { ImportError, importT65File } from '../import.ts';
import { loadPlacesIndex } from '../queries.ts';

const USAGE = 'usage: npm run import:t65 -- FILE [--report FILE]';
const { values, positionals } = parseCommandArgs({ report: { type: 'string' } }, USAGE);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const file = positionals[0];
if (!file || positionals.length > 1) fail(USAGE);
if (!fs.existsSync(file)) fail(`No such file: ${file}`);
const reportFile = values.report ?? `${file}.rejected.csv`;

const { database } = await openCommandDatabase();
try {
  const places = await loadPlacesIndex(database.db);
  const started = performance.now();
  let last = 0;
  const result = await importT65File({
    db: database.db,
    places,
    file,
    reportFile,
    onProgress: (n) => {
      if (n - last < 500_000) return;
      last = n;
      console.log(`  ${n.toLocaleString('en-US')} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  });
  console.log(
    `Loaded ${result.rows.toLocaleString('en-US')} prospects in ${(result.ms / 1000).toFixed(1)} s; ` +
      `updated through ${result.updatedThrough}. Rejected ${result.rejected.toLocaleString('en-US')} line(s)` +
      (result.rejected ? `: see ${result.reportFile}` : '.'),
  );
} catch (err) {
  if (err instanceof ImportError) {
    console.error(`Nothing was loaded: ${err.message}. Rejected lines so far are in ${reportFile}.`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
