/**
 * npm run import:agents -- FILE [--dry-run] [--deactivate-missing]
 *
 * The roster import of the back office (docs/data-import.md, docs/decisions/imports-and-jobs.md) from the command line,
 * with the same code: checks every line, prints the counts and each rejected line, and writes everything in one
 * transaction unless it is a dry run or a line is rejected.
 */
import fs from 'node:fs';
import { systemClock } from '../../../platform/clock.ts';
import { fail, openCommandDatabase, parseCommandArgs } from '../../../platform/command.ts';
import { CsvFileError, printImportOutcome } from '../../../platform/csv-import.ts';
import { recordAudit } from '../../audit/service.ts';
import { importRoster } from '../roster.ts';

const USAGE = 'usage: npm run import:agents -- FILE [--dry-run] [--deactivate-missing]';
const { values, positionals } = parseCommandArgs(
  { 'dry-run': { type: 'boolean' }, 'deactivate-missing': { type: 'boolean' } },
  USAGE,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const file = positionals[0];
if (!file || positionals.length > 1) fail(USAGE);
if (!fs.existsSync(file)) fail(`No such file: ${file}`);

const { database } = await openCommandDatabase();
try {
  const started = performance.now();
  const { report } = await importRoster(
    { db: database.db, clock: systemClock, recordAudit },
    fs.createReadStream(file),
    {
      dryRun: values['dry-run'] === true,
      deactivateMissing: values['deactivate-missing'] === true,
      staffId: null,
      ip: null,
      source: 'command',
    },
  );
  const { counts } = report;
  console.log(`File SHA-256 ${report.sha256}: ${counts.lines.toLocaleString('en-US')} agent line(s).`);
  console.log(
    `  new ${counts.new}, changed ${counts.changed}, unchanged ${counts.unchanged}, rejected ${counts.rejected}; ` +
      `${counts.missing} active agent(s) not in the file` +
      (report.deactivateMissing ? ' (deactivated when applied)' : ' (left as they are)'),
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
