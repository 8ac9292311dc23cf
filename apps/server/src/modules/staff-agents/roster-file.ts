import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { parse } from 'csv-parse/sync';

/** One CSV line of the file: its number (1-based) and its fields, or why it could not be read. */
export type CsvLine = { line: number; fields: string[] } | { line: number; error: string };

/** A line longer than this is not a roster line (the longest real one is about 200 characters). */
const MAX_LINE_CHARS = 64 * 1024;
/** Lines parsed by one csv-parse call; a chunk with a bad line is parsed again line by line. */
const CHUNK_LINES = 1000;

export class RosterFileError extends Error {}

/**
 * Reads a CSV file as it streams in, one record per line (a roster field never holds a line break), with
 * csv-parse: quoted fields may hold commas and doubled quotes. A line csv-parse refuses (an unbalanced or stray
 * quote) is answered as an error with its line number and the reading goes on, so a preview lists every bad line.
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
      if (rest.length > MAX_LINE_CHARS) throw new RosterFileError(`Line ${lineNumber + 1} is over 64 KiB long`);
      if (chunk.length >= CHUNK_LINES) {
        yield* parseChunk(chunk);
        chunk = [];
      }
    }
    rest += decoder.end();
    if (rest) take(rest);
    yield* parseChunk(chunk);
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

function parseChunk(chunk: { line: number; text: string }[]): CsvLine[] {
  if (chunk.length === 0) return [];
  try {
    const records: string[][] = parse(chunk.map((c) => c.text).join('\n'), { relax_column_count: true });
    if (records.length === chunk.length) return records.map((fields, i) => ({ line: chunk[i]!.line, fields }));
  } catch {
    // a bad line somewhere in the chunk: find it below
  }
  return chunk.map(({ line, text }) => {
    try {
      const [fields = []]: string[][] = parse(text, { relax_column_count: true });
      return { line, fields };
    } catch (err) {
      return { line, error: csvErrorReason(err) };
    }
  });
}

/** csv-parse's message without its own line count (always 1 here: the line is parsed alone). */
function csvErrorReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `malformed CSV: ${message.replace(/ at line \d+/, '')}`;
}
