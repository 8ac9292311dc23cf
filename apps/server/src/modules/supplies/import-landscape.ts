/**
 * `npm run import:landscape -- <file.csv> <year>`: loads a year's Medicare Advantage plans from CMS's MA
 * landscape file (saved as CSV) into the supplies catalog and prints the report of rejected lines.
 * Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR, which only one
 * process may open: stop the server first). Exit code 0 when every line loaded, 2 when some were rejected.
 */
import fs from 'node:fs';
import { loadConfig } from '../../config.ts';
import { configuredDatabase, openDatabase } from '../../db/client.ts';
import { fileDigest, importMaLandscape } from './landscape.ts';
import { ensureProductTypes } from './product-types.ts';

async function main() {
  const [file, yearText] = process.argv.slice(2);
  const year = Number(yearText);
  if (!file || !Number.isInteger(year) || year < 2000 || year > 2100) {
    console.error('Usage: npm run import:landscape -- <landscape.csv> <contract year>');
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({
    ...configuredDatabase(config),
  });
  try {
    await database.migrate();
    await ensureProductTypes(database.db);
    const report = await importMaLandscape(database.db, fs.createReadStream(file), { year });
    console.log(
      `${file} (sha256 ${await fileDigest(file)}): ${report.imported} plan-county lines, ${report.plans} plans loaded for ${year}; ` +
        `${report.rejected.length} lines rejected`,
    );
    for (const { line, reason } of report.rejected) console.log(`  line ${line}: ${reason}`);
    process.exitCode = report.rejected.length > 0 ? 2 : 0;
  } finally {
    await database.close();
  }
}

await main();
