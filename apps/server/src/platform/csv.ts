import { CsvError, parse, type Parser } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The one guard against spreadsheet formula injection (OWASP "CSV Injection"), for every cell of every CSV and
 * `.xlsx` file the server writes: a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * would run as a formula in Excel or LibreOffice (a typed login such as `=HYPERLINK(…)`), so it gets a leading
 * apostrophe and stays text. Only text is guarded, and a plain number written as text (`-56.25`, a chargeback)
 * runs nothing, so it stays as it is; a number cell is a number.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(?:\.\d+)?$/.test(value) ? `'${value}` : value;
}

/** One CSV cell: text (guarded), a number as it is, nothing for null and undefined. */
export type CsvCell = string | number | null | undefined;

/** RFC 4180: CRLF between records, a field quoted when it holds a comma, a quote or a line break. */
const WRITE_OPTIONS = { record_delimiter: 'windows', cast: { string: spreadsheetSafe } } as const;

/**
 * A streaming CSV writer (csv-stringify): write one array of cells per record, pipe it to a file or a reply; the
 * header, if given, is the first record. Every text cell goes through `spreadsheetSafe`.
 */
export function csvWriter(options: { header?: readonly string[] } = {}): Stringifier {
  const writer = stringify(WRITE_OPTIONS);
  if (options.header) writer.write([...options.header]);
  return writer;
}

/** A small CSV held in memory (a seeded demo file): the same format and guard as `csvWriter`. */
export function csvText(records: readonly (readonly CsvCell[])[]): string {
  return stringifySync(
    records.map((record) => [...record]),
    WRITE_OPTIONS,
  );
}

/** One record read by `csvReader`: its cells, the line it starts on (1-based) and its text as in the file. */
export interface CsvRecord {
  cells: string[];
  line: number;
  raw: string;
}

/**
 * A streaming CSV reader (csv-parse, RFC 4180: quoted fields may hold commas, doubled quotes and line breaks): a
 * byte-order mark is dropped, empty lines are skipped, records may have any number of cells. Pipe the file into
 * it and iterate with `csvRecords`.
 */
export function csvReader(): Parser {
  return parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true, raw: true });
}

/** The records of a `csvReader`, with the line each starts on. */
export async function* csvRecords(reader: Parser): AsyncGenerator<CsvRecord> {
  for await (const { record, info, raw } of reader as AsyncIterable<{
    record: string[];
    info: { lines: number };
    raw: string;
  }>) {
    const text = raw.replace(/\r?\n$|\r$/, '');
    // info.lines is the line the record ends on; a quoted line break makes it span several
    yield { cells: record, line: info.lines - lineBreaks(text), raw: text };
  }
}

const lineBreaks = (text: string) => text.match(/\r\n|\n|\r/g)?.length ?? 0;

/**
 * The cells of one line of a line-based CSV format (the T65 list: one record per line, no line break in a
 * field), or null when its quotes do not balance. Reading such a file line by line keeps one bad line from
 * swallowing the next ones, as a stream parser recovering from a broken quote would.
 */
export function csvLineCells(line: string): string[] | null {
  try {
    const records: string[][] = parseSync(line, { relax_column_count: true });
    return records[0] ?? [''];
  } catch (err) {
    if (err instanceof CsvError) return null;
    throw err;
  }
}
