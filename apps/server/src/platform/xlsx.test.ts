import { PassThrough } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipCodes } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { errorHandler } from './error-handler.ts';
import { AppError } from './errors.ts';
import { keysetRows, sendXlsx, writeXlsx, XLSX_CONTENT_TYPE } from './xlsx.ts';

interface Person {
  id: number;
  name: string;
  born: Date;
  amount: number;
  note: string | null;
}

function* people(count: number): Generator<Person> {
  for (let id = 1; id <= count; id += 1) {
    yield {
      id,
      name: `Agent ${id} Ünïcode & <xml>`,
      born: new Date(Date.UTC(1960, 0, id % 28)),
      amount: id * 1.5,
      note: id % 2 ? null : 'even',
    };
  }
}

const PERSON_COLUMNS = [
  { header: 'Id', value: (p: Person) => p.id },
  { header: 'Name', value: (p: Person) => p.name, width: 30 },
  { header: 'Born', value: (p: Person) => p.born, numFmt: 'yyyy-mm-dd' },
  { header: 'Amount', value: (p: Person) => p.amount, numFmt: '#,##0.00' },
  { header: 'Note', value: (p: Person) => p.note },
];

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get<{ Querystring: { rows: string } }>('/people', (request, reply) =>
    sendXlsx(reply, {
      fileName: 'Prospect List.xlsx',
      sheetName: 'Prospects',
      columns: PERSON_COLUMNS,
      rows: people(Number(request.query.rows)),
    }),
  );
  // Wisconsin's ZIP codes, 100 at a time by key: the pattern an area export follows
  app.get('/zip-codes', (_request, reply) =>
    sendXlsx(reply, {
      fileName: 'ZIP Codes.xlsx',
      columns: [
        { header: 'ZIP', value: (z: typeof zipCodes.$inferSelect) => z.zip },
        { header: 'City', value: (z) => z.city },
        { header: 'County FIPS', value: (z) => z.countyFips },
      ],
      rows: keysetRows({
        page: (after: string | undefined, limit) =>
          db
            .select()
            .from(zipCodes)
            .where(and(eq(zipCodes.stateCode, 'WI'), after === undefined ? undefined : gt(zipCodes.zip, after)))
            .orderBy(asc(zipCodes.zip))
            .limit(limit),
        key: (z) => z.zip,
        pageSize: 100,
      }),
    }),
  );
  app.get('/fails-first', (_request, reply) =>
    sendXlsx(reply, {
      fileName: 'x.xlsx',
      columns: PERSON_COLUMNS,
      rows: {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(new AppError('UNAVAILABLE', 'The list is not available right now')),
        }),
      } as AsyncIterable<Person>,
    }),
  );
  app.get('/fails-later', (_request, reply) =>
    sendXlsx(reply, {
      fileName: 'x.xlsx',
      columns: PERSON_COLUMNS,
      rows: (async function* () {
        yield* people(5000);
        throw new Error('database went away');
      })(),
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('sendXlsx', () => {
  it('answers a real .xlsx with the spec’s file name, and every row and type comes back', async () => {
    const res = await app.inject({ method: 'GET', url: '/people?rows=250' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': 'attachment; filename="Prospect List.xlsx"',
      'cache-control': 'no-store',
    });
    // a zip archive, not JSON
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Prospects')!;
    expect(sheet.rowCount).toBe(251);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Name', 'Born', 'Amount', 'Note']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const row = sheet.getRow(3);
    expect(row.getCell(1).value).toBe(2);
    expect(row.getCell(2).value).toBe('Agent 2 Ünïcode & <xml>');
    expect(row.getCell(3).value).toEqual(new Date(Date.UTC(1960, 0, 2)));
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(4).value).toBe(3);
    expect(row.getCell(5).value).toBe('even');
    expect(sheet.getRow(2).getCell(5).value).toBeNull();
  });

  it('gives each cell the format of its column and its type, a number and a date in one column alike', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const day = new Date(Date.UTC(2026, 10, 2));
    await writeXlsx(output, {
      columns: [
        { header: 'Mixed', value: (v: number | Date) => v },
        { header: 'Money', value: () => 1.5, numFmt: '#,##0.00' },
      ],
      rows: [7, day, 8, day],
    });
    const sheet = (await readWorkbook(Buffer.concat(chunks))).worksheets[0]!;
    // styles are shared per column and type (one lookup each): a date after a number keeps a date's format
    expect(sheet.getRow(2).getCell(1).numFmt).toBeUndefined();
    expect(sheet.getRow(3).getCell(1).value).toEqual(day);
    expect(sheet.getRow(3).getCell(1).numFmt).toBe('mm-dd-yy');
    expect(sheet.getRow(5).getCell(1).numFmt).toBe('mm-dd-yy');
    expect(sheet.getRow(4).getCell(2).numFmt).toBe('#,##0.00');
  });

  it('writes inline strings, never a shared-strings table', async () => {
    const res = await app.inject({ method: 'GET', url: '/people?rows=10' });
    expect(res.rawPayload.includes('sharedStrings.xml')).toBe(false);
  });

  it('answers a header-only sheet for no rows', async () => {
    const workbook = await readWorkbook((await app.inject({ method: 'GET', url: '/people?rows=0' })).rawPayload);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });

  it('exports a whole table through keyset pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/zip-codes' });
    expect(res.statusCode).toBe(200);
    const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
    const total = await t.database.db.$count(zipCodes, eq(zipCodes.stateCode, 'WI'));
    expect(total).toBeGreaterThan(500);
    expect(sheet.rowCount).toBe(total + 1);
    const zips = sheet.getColumn(1).values.slice(2) as string[];
    expect(zips).toEqual(zips.toSorted());
    expect(new Set(zips).size).toBe(total);
    expect(zips).toContain('53703');
  });

  it('answers a proper error when the rows fail before the first one', async () => {
    const res = await app.inject({ method: 'GET', url: '/fails-first' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: 'The list is not available right now' });
  });

  it('breaks the download when the rows fail later, rather than sending a short file', async () => {
    const outcome = await app.inject({ method: 'GET', url: '/fails-later' }).then(
      (res) =>
        readWorkbook(res.rawPayload).then(
          () => 'a valid workbook',
          () => 'a broken body',
        ),
      () => 'an aborted response',
    );
    expect(outcome).not.toBe('a valid workbook');
  });
});

describe('keysetRows', () => {
  it('reads page after page until a short page', async () => {
    const pages: (number | undefined)[] = [];
    const rows = keysetRows({
      page: async (after: number | undefined, limit) => {
        pages.push(after);
        const start = (after ?? 0) + 1;
        return Array.from({ length: Math.max(0, Math.min(limit, 25 - start + 1)) }, (_, i) => start + i);
      },
      key: (n) => n,
      pageSize: 10,
    });
    const all: number[] = [];
    for await (const n of rows) all.push(n);
    expect(all).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(pages).toEqual([undefined, 10, 20]);
  });
});
