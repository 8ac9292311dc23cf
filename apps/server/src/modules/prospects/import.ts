import fs from 'node:fs';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import type { Db } from '../../db/client.ts';
import { csvLineCells, csvWriter } from '../../platform/csv.ts';
import { T65_CSV_COLUMNS, type T65CsvColumn } from './csv.ts';
import { replaceProspectList, type LoadItem, type LoadResult } from './loader.ts';
import type { PlacesIndex } from './places-index.ts';
import { validateProspectRecord } from './validate.ts';

export interface ImportOptions {
  db: Db;
  places: PlacesIndex;
  file: string;
  /** where the rejected lines go (CSV: line, reason, the line itself) */
  reportFile: string;
  onProgress?: (rows: number) => void;
}

export interface ImportResult extends LoadResult {
  rejected: number;
  reportFile: string;
}

export class ImportError extends Error {}

/**
 * Streams a T65 list file (docs/t65-import.md) into the database: every line is checked, good rows are loaded in
 * batches into a new copy of the list, bad ones are written to the report with their line number and reason, and
 * the new list replaces the old one in one step. A file without the needed header or without one good row
 * changes nothing.
 */
export async function importT65File(options: ImportOptions): Promise<ImportResult> {
  const input = fs.createReadStream(options.file, { encoding: 'utf8' });
  // created here, when reading starts: readline drops lines emitted before its iterator exists
  const lines = () => readline.createInterface({ input, crlfDelay: Infinity });
  const reportFile = fs.createWriteStream(options.reportFile);
  const report = csvWriter({ header: ['line', 'reason', 'content'] });
  report.pipe(reportFile);
  let rejected = 0;
  let accepted = 0;

  async function* records(): AsyncGenerator<LoadItem> {
    let header: Map<T65CsvColumn, number> | null = null;
    let lineNumber = 0;
    for await (const rawLine of lines()) {
      lineNumber += 1;
      const line = lineNumber === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
      if (!line.trim()) continue;
      const fields = csvLineCells(line);
      if (!header) {
        const names = (fields ?? []).map((f) => f.trim().toLowerCase());
        const missing = T65_CSV_COLUMNS.filter((c) => !names.includes(c));
        if (missing.length > 0) throw new ImportError(`The header line lacks the column(s) ${missing.join(', ')}`);
        header = new Map(T65_CSV_COLUMNS.map((c) => [c, names.indexOf(c)]));
        continue;
      }
      const reject = (reason: string) => {
        rejected += 1;
        report.write([lineNumber, reason, line]);
      };
      if (!fields) {
        reject('unbalanced quotes');
        continue;
      }
      if (fields.length < header.size) {
        reject(`${fields.length} fields, expected at least ${header.size}`);
        continue;
      }
      const record = {} as Record<T65CsvColumn, string>;
      for (const [column, index] of header) record[column] = fields[index] ?? '';
      const result = validateProspectRecord(record, options.places);
      if (!result.ok) {
        reject(result.reason);
        continue;
      }
      accepted += 1;
      yield { row: result.row, ncoaDate: result.ncoaDate };
    }
    if (!header) throw new ImportError('The file is empty');
    if (accepted === 0) throw new ImportError('No line of the file is valid; the list was not replaced');
  }

  try {
    const result = await replaceProspectList(options.db, records(), {
      source: options.file.split(/[\\/]/).pop() ?? options.file,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    return { ...result, rejected, reportFile: options.reportFile };
  } finally {
    input.destroy();
    report.end();
    await finished(reportFile);
  }
}
