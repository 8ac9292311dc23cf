/**
 * npm run import:contracts -- FILE [--dry-run]
 * npm run import:certifications -- FILE [--dry-run]
 * npm run import:ready-to-sell -- FILE [--dry-run]
 *
 * The back office's imports (docs/data-import.md, docs/decisions/imports-and-jobs.md) from the command line, with the
 * same code as the upload: checks every line, prints the counts and each rejected line, and writes everything in one
 * transaction unless it is a dry run or a line is rejected (then exit code 2). The kind is the first argument, which
 * each npm script gives.
 */
import fs from 'node:fs';
import { systemClock } from '../../../platform/clock.ts';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { CsvFileError, printImportOutcome } from '../../../platform/csv-import.ts';
import { STAFF_IMPORTS } from '../service.ts';

const KINDS = Object.keys(STAFF_IMPORTS) as (keyof typeof STAFF_IMPORTS)[];
const USAGE = `usage: npm run import:${KINDS.join('|import:')} -- FILE [--dry-run]`;
const { values, positionals } = parseCommandArgs({ 'dry-run': { type: 'boolean' } }, USAGE);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [kind, file, ...rest] = positionals;
if (!kind || !KINDS.includes(kind as (typeof KINDS)[number]) || !file || rest.length > 0) fail(USAGE);
if (!fs.existsSync(file)) fail(`No such file: ${file}`);

const { database } = await openCommandDatabase();
try {
  const started = performance.now();
  const run = STAFF_IMPORTS[kind as (typeof KINDS)[number]];
  const report = await run({ db: database.db, clock: systemClock }, fs.createReadStream(file), {
    dryRun: values['dry-run'] === true,
    staffId: null,
    ip: null,
    source: 'command',
  });
  const { counts } = report;
  console.log(`File SHA-256 ${report.sha256}: ${counts.lines.toLocaleString('en-US')} ${kind} line(s).`);
  console.log(
    `  new ${counts.new}, changed ${counts.changed}, unchanged ${counts.unchanged}, rejected ${counts.rejected}`,
  );
  printImportOutcome(report, started);
} catch (err) {
  if (err instanceof CsvFileError) {
    console.error(`Nothing was written: ${err.message}.`);
    process.exitCode = 1;
  } else throw err;
} finally {
  await database.close();
}
