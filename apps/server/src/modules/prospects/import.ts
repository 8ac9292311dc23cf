import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Db } from '../../db/client.ts';
import { csvWriter, readCsvLines } from '../../platform/csv.ts';
import { T65_CSV_COLUMNS, type T65CsvColumn } from './csv.ts';
import { replaceProspectList, type LoadItem, type LoadOptions, type LoadResult } from './loader.ts';
import type { PlacesIndex } from './places-index.ts';
import { validateProspectRecord } from './validate.ts';

export interface ImportOptions {
  db: Db;
  places: PlacesIndex;
  file: string;
  /** the file's bytes when they come from elsewhere than `file` (an import job reads the file store) */
  input?: AsyncIterable<Buffer | string>;
  /** where the rejected lines go (CSV: line, reason, the line itself) */
  reportFile: string;
  /** rows loaded so far and lines rejected so far */
  onProgress?: (rows: number, rejected: number) => void;
  /** more work in the transaction that switches the list (loader.ts `inSwap`) */
  inSwap?: LoadOptions['inSwap'];
  /** the load's work tables' name (loader.ts `suffix`) */
  suffix?: string;
}

export interface ImportResult extends LoadResult {
  rejected: number;
  reportFile: string;
}

export class ImportError extends Error {
  /** the lines loaded and rejected before the import stopped */
  counts = { accepted: 0, rejected: 0 };
}

/**
 * Streams a T65 list file (docs/t65-import.md) into the database: every line is checked, good rows are loaded in
 * batches into a new copy of the list, bad ones are written to the report with their line number and reason, and
 * the new list replaces the old one in one step. A file without the needed header or without one good row
 * changes nothing.
 */
export async function importT65File(options: ImportOptions): Promise<ImportResult> {
  const input = options.input ?? fs.createReadStream(options.file);
  const reportFile = fs.createWriteStream(options.reportFile);
  const report = csvWriter({ header: ['line', 'reason', 'content'] });
  report.pipe(reportFile);
  let rejected = 0;
  let accepted = 0;

  async function* records(): AsyncGenerator<LoadItem> {
    let header: Map<T65CsvColumn, number> | null = null;
    // one record per line (docs/t65-import.md): a bad line never swallows the next ones
    for await (const line of readCsvLines(input).lines) {
      if (!header) {
        const names = ('fields' in line ? line.fields : []).map((f) => f.trim().toLowerCase());
        const missing = T65_CSV_COLUMNS.filter((c) => !names.includes(c));
        if (missing.length > 0) throw new ImportError(`The header line lacks the column(s) ${missing.join(', ')}`);
        header = new Map(T65_CSV_COLUMNS.map((c) => [c, names.indexOf(c)]));
        continue;
      }
      const reject = (reason: string) => {
        rejected += 1;
        report.write([line.line, reason, line.text]);
      };
      if ('error' in line) {
        // csv-parse's reason (a quote not closed), or a control character in a field (platform/csv.ts)
        reject(line.error);
        continue;
      }
      const { fields } = line;
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
    // every line is read: the report is whole before the list is switched (an import job stores it then)
    report.end();
    await finished(reportFile);
  }

  try {
    const result = await replaceProspectList(options.db, records(), {
      source: options.file.split(/[\\/]/).pop() ?? options.file,
      ...(options.onProgress ? { onProgress: (rows: number) => options.onProgress?.(rows, rejected) } : {}),
      ...(options.inSwap ? { inSwap: options.inSwap } : {}),
      ...(options.suffix ? { suffix: options.suffix } : {}),
    });
    return { ...result, rejected, reportFile: options.reportFile };
  } catch (err) {
    if (err instanceof ImportError) err.counts = { accepted, rejected };
    throw err;
  } finally {
    if ('destroy' in input && typeof input.destroy === 'function') input.destroy();
    if (!report.writableEnded) report.end();
    await finished(reportFile);
  }
}
