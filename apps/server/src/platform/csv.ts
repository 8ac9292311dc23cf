import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { parse, type Parser } from 'csv-parse';
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

/**
 * The control characters no imported text may hold (U+0000–U+001F and U+007F; `except` names the ones a caller
 * keeps). PostgreSQL refuses U+0000 in text outright (the write fails); the others are no part of a name, an id
 * or an amount, and an escape sequence in a stored name would reach a terminal or a log as it is. A tab is kept:
 * a value pasted from a spreadsheet may hold one, and it is harmless. Checked once, here, for every CSV line and
 * every uploaded file's name (`import-upload.ts`), so an import kind cannot forget it.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The first control character of `text` that `except` does not keep: its index and how to name it, or undefined. */
export function controlCharacterIn(text: string, except = ''): { index: number; description: string } | undefined {
  CONTROL_CHARACTERS.lastIndex = 0;
  for (let found = CONTROL_CHARACTERS.exec(text); found; found = CONTROL_CHARACTERS.exec(text)) {
    if (except.includes(found[0])) continue;
    const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return {
      index: found.index,
      description: found[0] === '\u0000' ? `a NUL character (${code})` : `a control character (${code})`,
    };
  }
  return undefined;
}

/** Why a line with a control character in a field is refused: the field (or the character) and what it is. */
function controlCharacterReason(
  fields: readonly string[] | undefined,
  text: string,
  except: string,
): string | undefined {
  const found = controlCharacterIn(text, except);
  if (!found) return undefined;
  const field = fields?.findIndex((f) => controlCharacterIn(f, except)) ?? -1;
  const where = field >= 0 ? `field ${field + 1}` : `character ${found.index + 1}`;
  return `${where} holds ${found.description}: no field may hold a control character (a tab is kept)`;
}

/**
 * One record read by `csvReader`: the line it starts on (1-based), its text as in the file, and its cells, or why
 * the record is refused (a control character in a cell).
 */
export type CsvRecord = { line: number; raw: string } & ({ cells: string[] } | { error: string });

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
    const line = info.lines - lineBreaks(text);
    // a quoted cell may hold a line break here (RFC 4180)
    const error = controlCharacterReason(record, record.join(''), '\t\r\n');
    yield error ? { line, raw: text, error } : { cells: record, line, raw: text };
  }
}

const lineBreaks = (text: string) => text.match(/\r\n|\n|\r/g)?.length ?? 0;

/** One CSV line of the file: its number (1-based), its text, and its fields or why they could not be read. */
export type CsvLine = { line: number; text: string } & ({ fields: string[] } | { error: string });

/** A line longer than this is not an import line (the longest real one is a few hundred characters). */
const MAX_LINE_CHARS = 64 * 1024;
/** Lines parsed by one csv-parse call; a chunk with a bad line is parsed again line by line. */
const CHUNK_LINES = 1000;

/** A file that cannot be imported at all (its header, no line, a line over 64 KiB): a 400, nothing written. */
export class CsvFileError extends Error {}

/**
 * Reads a line-based CSV file as it streams in, one record per line (no field of an import file holds a line
 * break), with csv-parse: quoted fields may hold commas and doubled quotes. A line csv-parse refuses (an unbalanced or stray
 * quote) or that holds a control character (`controlCharacterIn`; a tab is kept) is answered as an error with its
 * line number and the reason, and the reading goes on, so a preview lists every bad line.
 * Lines are parsed in chunks (one csv-parse call per 1,000 lines: a call per line cost 7 s for 50,000); `sha256`
 * is the hash of the file's bytes once the reading is done. Blank lines are skipped.
 */
export function readCsvLines(input: AsyncIterable<Buffer | string>): {
  lines: AsyncGenerator<CsvLine>;
  sha256: () => string;
} {
  const hash = createHash('sha256');
  let digest: string | undefined;

  async function* lines(): AsyncGenerator<CsvLine> {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let lineNumber = 0;
    let chunk: { line: number; text: string }[] = [];
    const take = (text: string) => {
      lineNumber += 1;
      const clean = (lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text).replace(/\r$/, '');
      if (clean.trim()) chunk.push({ line: lineNumber, text: clean });
    };
    for await (const data of input) {
      const buffer = typeof data === 'string' ? Buffer.from(data) : data;
      hash.update(buffer);
      rest += decoder.write(buffer);
      let start = 0;
      for (let end = rest.indexOf('\n'); end !== -1; end = rest.indexOf('\n', start)) {
        take(rest.slice(start, end));
        start = end + 1;
      }
      rest = rest.slice(start);
      if (rest.length > MAX_LINE_CHARS) throw new CsvFileError(`Line ${lineNumber + 1} is over 64 KiB long`);
      if (chunk.length >= CHUNK_LINES) {
        yield* parseLineChunk(chunk);
        chunk = [];
      }
    }
    rest += decoder.end();
    if (rest) take(rest);
    yield* parseLineChunk(chunk);
    digest = hash.digest('hex');
  }

  return {
    lines: lines(),
    sha256: () => {
      if (!digest) throw new Error('the file is not read to its end yet');
      return digest;
    },
  };
}

function parseLineChunk(chunk: { line: number; text: string }[]): CsvLine[] {
  return parseChunk(chunk).map(refuseControlCharacters);
}

/**
 * A line with a control character (a NUL, a carriage return inside the line, an escape) in it is refused with
 * the field that holds it, so the preview shows it and nothing is written.
 */
function refuseControlCharacters(csv: CsvLine): CsvLine {
  const error = controlCharacterReason('fields' in csv ? csv.fields : undefined, csv.text, '\t');
  return error ? { line: csv.line, text: csv.text, error } : csv;
}

function parseChunk(chunk: { line: number; text: string }[]): CsvLine[] {
  if (chunk.length === 0) return [];
  try {
    const records: string[][] = parseSync(chunk.map((c) => c.text).join('\n'), { relax_column_count: true });
    if (records.length === chunk.length) return records.map((fields, i) => ({ ...chunk[i]!, fields }));
  } catch {
    // a bad line somewhere in the chunk: find it below
  }
  return chunk.map(({ line, text }) => {
    try {
      const [fields = []]: string[][] = parseSync(text, { relax_column_count: true });
      return { line, text, fields };
    } catch (err) {
      return { line, text, error: csvErrorReason(err) };
    }
  });
}

/** csv-parse's message without its own line count (always 1 here: the line is parsed alone). */
function csvErrorReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `malformed CSV: ${message.replace(/ at line \d+/, '')}`;
}
