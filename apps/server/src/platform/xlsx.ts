import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { spreadsheetSafe } from './csv.ts';
import { sendFile } from './send-file.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type XlsxValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<Row> {
  header: string;
  value: (row: Row) => XlsxValue;
  /** width in characters (Excel's unit); default 16 */
  width?: number;
  /** Excel number format, e.g. 'yyyy-mm-dd' for dates or '#,##0.00' for money */
  numFmt?: string;
}

export interface SendXlsxOptions<Row> {
  /** the name the browser saves, as the spec gives it (e.g. "Prospect List.xlsx") */
  fileName: string;
  sheetName?: string;
  columns: readonly XlsxColumn<Row>[];
  /** any number of rows, read one at a time (e.g. `keysetRows` over a query) */
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/** Rows between two checks of the reply's backpressure. */
const CHECK_EVERY = 200;

/**
 * Streams an `.xlsx` workbook to the reply: exceljs' streaming writer without shared strings, one row committed
 * at a time, pausing while the client is slower than the writer, so memory stays flat whatever the row count.
 *
 * The first row is read before the headers go out, so a failing query still answers a proper error; a failure
 * after that aborts the response (the client sees a broken download, never a short but valid-looking file).
 */
export async function sendXlsx<Row>(reply: FastifyReply, options: SendXlsxOptions<Row>): Promise<FastifyReply> {
  const iterator = toAsyncIterator(options.rows);
  const first = await iterator.next();
  // the row already read, then the others (closing this generator closes the query's iterator too)
  async function* rows(): AsyncGenerator<Row> {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => iterator };
  }

  const output = new PassThrough();
  writeXlsx(output, { ...options, rows: rows() }).catch((err: unknown) => {
    reply.log.error({ err }, 'spreadsheet export failed after the headers were sent');
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return sendFile(reply, { stream: output, name: options.fileName, contentType: XLSX_CONTENT_TYPE });
}

/** Sends a workbook of several sheets (rows already in memory: a selection, not a whole table). */
export function sendXlsxSheets<Row>(
  reply: FastifyReply,
  options: XlsxSheetsOptions<Row> & { fileName: string },
): FastifyReply {
  const output = new PassThrough();
  writeXlsxSheets(output, options).catch((err: unknown) => {
    reply.log.error({ err }, 'spreadsheet export failed after the headers were sent');
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return sendFile(reply, { stream: output, name: options.fileName, contentType: XLSX_CONTENT_TYPE });
}

/**
 * Writes an `.xlsx` workbook to `output` (a reply's stream, a file): a bold header row, then one row per item,
 * each text cell through the formula guard (`spreadsheetSafe`, platform/csv.ts); numbers, dates and booleans
 * are cells of their own type. Stops reading rows when `output` is closed early. Answers the number of rows.
 */
export async function writeXlsx<Row>(
  output: Writable,
  options: Omit<SendXlsxOptions<Row>, 'fileName'>,
): Promise<number> {
  return writeXlsxSheets(output, {
    columns: options.columns,
    sheets: [{ name: options.sheetName ?? 'Sheet1', rows: options.rows }],
  });
}

let exceljs: Promise<{ default: typeof ExcelJS }> | undefined;
/** exceljs, imported once (a failed import is tried again by the next export) */
function loadExceljs(): Promise<{ default: typeof ExcelJS }> {
  exceljs ??= import('exceljs').catch((err: unknown) => {
    exceljs = undefined;
    throw err;
  });
  return exceljs;
}

/**
 * Imports exceljs in the background (server.ts calls it once the server is ready). exceljs and its zip libraries
 * are the server's largest import: loading them at start-up would delay every start, and loading them on the first
 * export made that export (and whatever was in flight beside it) wait about half a second after each start.
 */
export function preloadXlsx(): void {
  loadExceljs().catch(() => undefined);
}

export interface XlsxSheetsOptions<Row> {
  columns: readonly XlsxColumn<Row>[];
  /** one worksheet each, in this order, with the same columns (Excel limits a sheet's name to 31 characters) */
  sheets: readonly { name: string; rows: AsyncIterable<Row> | Iterable<Row> }[];
}

/** Like writeXlsx, with several worksheets of the same columns. Answers the number of rows written. */
export async function writeXlsxSheets<Row>(output: Writable, options: XlsxSheetsOptions<Row>): Promise<number> {
  const { default: excel } = await loadExceljs();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: true });
  let count = 0;
  for (const { name, rows } of options.sheets) {
    const iterator = toAsyncIterator(rows);
    const sheet = workbook.addWorksheet(name);
    sheet.columns = options.columns.map((column, index) => ({
      key: String(index),
      header: column.header,
      width: column.width ?? 16,
      ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const styleOf = sharedStyles(options.columns);
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const row = next.value;
        const values = options.columns.map((column) => cellValue(column.value(row)));
        const added = sheet.addRow(values);
        for (let index = 0; index < values.length; index++)
          added.getCell(index + 1).style = styleOf(index, values[index]);
        added.commit();
        count += 1;
        if (count % CHECK_EVERY === 0) {
          // wait while the zip stream has more than its buffer queued, or while the client is not reading
          const sink = worksheetSink(sheet);
          if (sink && needsDrain(sink)) await drainOrClose(sink, output);
          if (output.writableNeedDrain) await drainOrClose(output, output);
          // the client went away: stop reading rows
          if (output.destroyed) {
            await iterator.return?.();
            return count;
          }
        }
      }
    } catch (err) {
      await iterator.return?.();
      throw err;
    }
    sheet.commit();
  }
  await workbook.commit();
  return count;
}

/** A text cell through the formula guard; any other value as it is (null: an empty cell). */
const cellValue = (value: XlsxValue) => (typeof value === 'string' ? spreadsheetSafe(value) : (value ?? null));

/**
 * One style object per column and kind of value, shared by every such cell. exceljs gives each new cell a style
 * object of its own, then finds the style's id by rendering that object to XML and looking the text up, cell after
 * cell (a fifth of an export's time); a style object it has seen before is found by identity. A cell's style is
 * what exceljs would have given it (its column's number format, if any); the kind of value is part of the key
 * because exceljs picks a default format by the cell's type (a date's differs from a number's) and remembers the
 * first one for the object.
 */
function sharedStyles(
  columns: readonly XlsxColumn<never>[],
): (index: number, value: unknown) => Partial<ExcelJS.Style> {
  const styles = columns.map(() => new Map<string, Partial<ExcelJS.Style>>());
  return (index, value) => {
    const kind = value instanceof Date ? 'date' : value === null ? 'null' : typeof value;
    const byKind = styles[index]!;
    let style = byKind.get(kind);
    if (!style) {
      const numFmt = columns[index]!.numFmt;
      style = numFmt ? { numFmt } : {};
      byKind.set(kind, style);
    }
    return style;
  };
}

/**
 * exceljs' streaming worksheet writes its XML into the zip entry without looking at the entry's backpressure,
 * so rows would pile up in memory whenever compression is slower than the loop. The entry stream it pipes to is
 * a Writable of archiver's `readable-stream` copy (which predates `writableNeedDrain`): its writable state says
 * when to wait, and it emits `drain` like any Writable.
 */
function worksheetSink(sheet: ExcelJS.Worksheet): Writable | undefined {
  return (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
}

const needsDrain = (stream: Writable) =>
  stream.writableNeedDrain ??
  (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ??
  false;

/** Resolves on `drain` of `stream`, or when `output` closes (the client went away). */
const drainOrClose = (stream: Writable, output: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      output.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    output.once('close', done);
  });

function toAsyncIterator<Row>(rows: AsyncIterable<Row> | Iterable<Row>): AsyncIterator<Row> {
  if (Symbol.asyncIterator in rows) return rows[Symbol.asyncIterator]();
  const sync = rows[Symbol.iterator]();
  return { next: async () => sync.next() };
}

export interface KeysetRowsOptions<Row, Key> {
  /** one page of rows ordered by the key, starting after `after` (undefined: the first page) */
  page: (after: Key | undefined, limit: number) => Promise<Row[]>;
  key: (row: Row) => Key;
  pageSize?: number;
}

/**
 * Every row of a query, one keyset page at a time (`where key > $after order by key limit $n`): each page is a
 * short query, so a long export never holds PGlite's single connection for long, and memory holds one page.
 */
export async function* keysetRows<Row, Key>(options: KeysetRowsOptions<Row, Key>): AsyncGenerator<Row> {
  const pageSize = options.pageSize ?? 1000;
  let after: Key | undefined;
  for (;;) {
    const rows = await options.page(after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = options.key(rows[rows.length - 1]!);
  }
}
