import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROSPECT_MESSAGES, PROSPECT_ROW_CAP, ProspectListResponseSchema, type ProspectRow } from '@arc/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent } from '../../seed/factories.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { createTestApp, fixedClock } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';
import { generateProspects } from './generator.ts';
import { importT65File } from './import.ts';
import { replaceProspectList, type LoadItem } from './loader.ts';
import { loadPlacesIndex, searchQuery } from './queries.ts';
import type { ProspectInput } from './validate.ts';

// 23 November 2026 in Los Angeles: the age windows start on 1 November 2026.
const clock = fixedClock('2026-11-23T18:00:00Z');
let t: AgentApp;
let token: string;
let agentNpn: string;
let agentId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-t65-'));

const person = (overrides: Partial<ProspectInput> = {}): ProspectInput => ({
  t65: '2026-12-15',
  prefix: 'Mrs.',
  firstName: 'Linda',
  middle: 'K',
  lastName: 'Olson',
  address1: '12 Lake St',
  address2: '',
  city: 'Madison',
  state: 'WI',
  zip: '53703',
  countyFips: '55025',
  countyName: 'Dane County',
  phone: '608-555-0101',
  ...overrides,
});

/** Dane (Madison 53703, 53704) and Milwaukee (53202) people, some outside the default three months. */
const FIXTURE: ProspectInput[] = [
  person({ t65: '2026-11-01', firstName: 'Ann' }),
  person({ t65: '2026-12-15', firstName: 'Bea', zip: '53704' }),
  person({ t65: '2027-01-31', firstName: 'Cal', phone: '' }),
  person({ t65: '2027-06-01', firstName: 'Dee' }),
  person({ t65: '2021-11-20', firstName: 'Eve' }),
  person({
    t65: '2026-11-05',
    firstName: 'Fay',
    city: 'Milwaukee',
    zip: '53202',
    countyFips: '55079',
    countyName: 'Milwaukee County',
  }),
];
const items = (rows: ProspectInput[]): LoadItem[] => rows.map((row) => ({ row, ncoaDate: '2026-11-01' }));

beforeAll(async () => {
  t = await createAgentApp({ clock });
  ({ npn: agentNpn, id: agentId, token } = t.agent);
  await replaceProspectList(t.database.db, items(FIXTURE), { source: 'fixture' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const post = (url: string, payload: unknown, auth: string | null = token) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth ? bearer(auth) : {} });
const get = (url: string, auth: string | null = token) =>
  t.app.inject({ method: 'GET', url, headers: auth ? bearer(auth) : {} });
const names = (rows: ProspectRow[]) => rows.map((r) => r.FirstName);
const RANGE = { datefrom: '2026-11-01', dateto: '2027-02-01' };

describe('GET /arc/agent/t65/agerange', () => {
  it('answers ages 65 to 85, each a year from the start of this month, with the birth dates it means', async () => {
    const res = await get('/arc/agent/t65/agerange');
    expect(res.statusCode).toBe(200);
    const ages = res.json<{ age: number; datefrom: string; dateto: string; DOB: { from: string; to: string } }[]>();
    expect(ages.map((a) => a.age)).toEqual(Array.from({ length: 21 }, (_, i) => 65 + i));
    expect(ages[0]).toEqual({
      age: 65,
      datefrom: '2026-11-01',
      dateto: '2027-11-01',
      DOB: { from: '1961-11-01', to: '1962-11-01' },
    });
    expect(ages[1]!.DOB).toEqual({ from: '1960-11-01', to: '1961-11-01' });
    expect(ages[20]).toMatchObject({ age: 85, datefrom: '2006-11-01', dateto: '2007-11-01' });
  });
});

describe('GET /arc/agent/t65/info', () => {
  it('answers the date the loaded list is updated through and its size', async () => {
    expect((await get('/arc/agent/t65/info')).json()).toEqual({ updatedThrough: '2026-11-01', total: 6 });
  });
});

describe('GET /arc/t65/counties/:state', () => {
  it('lists only the counties that have prospects, by name', async () => {
    const res = await get('/arc/t65/counties/WI');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: '55025', label: 'Dane County' },
      { id: '55079', label: 'Milwaukee County' },
    ]);
    expect((await get('/arc/t65/counties/IL')).json()).toEqual([]);
  });

  it('answers 400 with a clear message for a state that is not on the list', async () => {
    const res = await get('/arc/t65/counties/ZZ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose a state from the list');
  });
});

describe('POST /arc/agent/t65/list', () => {
  it('answers the people of the counties turning 65 in the range, both ends included, by T65 date', async () => {
    const res = await post('/arc/agent/t65/list', { county: ['55025', '55079'], state: 'WI', ...RANGE });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ rows: ProspectRow[]; isCapped: boolean; limit: number }>();
    expect(names(body.rows)).toEqual(['Ann', 'Fay', 'Bea', 'Cal']);
    expect(body.isCapped).toBe(false);
    expect(body.limit).toBe(PROSPECT_ROW_CAP);
    // the answer is sent as JSON text without the response schema's check on the way out: it is the contract's shape
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ProspectListResponseSchema.safeParse(body).success).toBe(true);
    expect(body.rows[3]).toEqual({
      id: expect.any(Number),
      T65: '2027-01-31',
      prefex: 'Mrs.',
      FirstName: 'Cal',
      Middle: 'K',
      Lastname: 'Olson',
      Address1: '12 Lake St',
      Address2: '',
      City: 'Madison',
      State: 'WI',
      zipcode: '53703',
      county: 'Dane County',
      phone: '',
    });
  });

  it('answers an empty list when nobody matches (the screen shows No Data)', async () => {
    const res = await post('/arc/agent/t65/list', { county: ['55001'], ...RANGE });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual([]);
  });

  it('answers 400 for dates out of order and for a range longer than 13 months', async () => {
    const reversed = await post('/arc/agent/t65/list', {
      county: ['55025'],
      datefrom: '2027-02-01',
      dateto: '2026-11-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors.dateto).toEqual([PROSPECT_MESSAGES.datesOutOfOrder]);
    const long = await post('/arc/agent/t65/list', { county: ['55025'], datefrom: '2026-11-01', dateto: '2027-12-02' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.dateto).toEqual([PROSPECT_MESSAGES.rangeTooLong]);
    const thirteen = await post('/arc/agent/t65/list', {
      county: ['55025'],
      datefrom: '2026-11-01',
      dateto: '2027-12-01',
    });
    expect(thirteen.statusCode).toBe(200);
    const notADate = await post('/arc/agent/t65/list', {
      county: ['55025'],
      datefrom: '2026-02-30',
      dateto: '2026-03-01',
    });
    expect(notADate.statusCode).toBe(400);
  });

  it('answers 400 for an unknown county, a county of another state, none, or more than 50', async () => {
    const unknown = await post('/arc/agent/t65/list', { county: ['55999'], ...RANGE });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown county: 55999');
    const elsewhere = await post('/arc/agent/t65/list', { county: ['17031'], state: 'WI', ...RANGE });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Not a county of WI: 17031');
    expect((await post('/arc/agent/t65/list', { county: [], ...RANGE })).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => String(55001 + 2 * i));
    const tooMany = await post('/arc/agent/t65/list', { county: many, ...RANGE });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.county).toEqual([PROSPECT_MESSAGES.tooManyLocations]);
    // the message is for people: no schema field name in it
    expect(tooMany.json().message).toBe(PROSPECT_MESSAGES.tooManyLocations);
    expect((await post('/arc/agent/t65/list', { county: ['5502'], ...RANGE })).statusCode).toBe(400);
  });
});

describe('POST /arc/agent/zipcode/list', () => {
  it('answers the people of the postal codes, ignoring repeated codes', async () => {
    const res = await post('/arc/agent/zipcode/list', { zips: ['53703', '53202', '53703'], ...RANGE });
    expect(res.statusCode).toBe(200);
    expect(names(res.json().rows)).toEqual(['Ann', 'Fay', 'Cal']);
  });

  it('answers 400 "Postal code length must be 5 digits" for a code that is not 5 digits, and for unknown codes', async () => {
    const short = await post('/arc/agent/zipcode/list', { zips: ['5370'], ...RANGE });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors['zips.0']).toEqual([PROSPECT_MESSAGES.postalCodeInvalid]);
    expect(short.json().message).toBe(PROSPECT_MESSAGES.postalCodeInvalid);
    const many = Array.from({ length: 52 }, (_, i) => String(53001 + i));
    const tooMany = await post('/arc/agent/zipcode/list', { zips: many, ...RANGE });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(PROSPECT_MESSAGES.tooManyLocations);
    const unknown = await post('/arc/agent/zipcode/list', { zips: ['00000'], ...RANGE });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown postal code: 00000');
  });
});

describe('prospect searches in the audit log', () => {
  const lastAudit = async () =>
    (
      await t.database.db.execute<{ agent_id: string; ip: string; action: string; subject: string; detail: unknown }>(
        sql`select agent_id, ip, action, subject, detail from audit_log order by id desc limit 1`,
      )
    ).rows[0];
  const auditCount = async () =>
    Number((await t.database.db.execute<{ n: string }>(sql`select count(*) n from audit_log`)).rows[0]!.n);

  it('records every county and postal-code search: who, the search and how many rows were answered', async () => {
    const before = await auditCount();
    const byCounty = await post('/arc/agent/t65/list', { county: ['55025'], state: 'WI', ...RANGE });
    expect(byCounty.json().rows).toHaveLength(3);
    expect(await lastAudit()).toEqual({
      agent_id: agentId,
      ip: '127.0.0.1',
      action: 'prospects.searched',
      subject: 'county',
      detail: { search: { kind: 'county', county: ['55025'], state: 'WI', ...RANGE }, rows: 3, isCapped: false },
    });
    await post('/arc/agent/zipcode/list', { zips: ['53202'], ...RANGE });
    expect(await lastAudit()).toMatchObject({
      action: 'prospects.searched',
      subject: 'zip',
      detail: { search: { kind: 'zip', zips: ['53202'], ...RANGE }, rows: 1, isCapped: false },
    });
    // a search that finds nobody is a search too
    await post('/arc/agent/zipcode/list', { zips: ['53703'], datefrom: '2030-01-01', dateto: '2030-02-01' });
    expect(await lastAudit()).toMatchObject({ subject: 'zip', detail: { rows: 0 } });
    // one record per search, nothing more
    expect(await auditCount()).toBe(before + 3);
  });

  it('records nothing for a refused search (no rows were answered)', async () => {
    const before = await auditCount();
    expect((await post('/arc/agent/zipcode/list', { zips: ['00000'], ...RANGE })).statusCode).toBe(400);
    expect((await post('/arc/agent/t65/list', { county: ['55025'], ...RANGE }, null)).statusCode).toBe(401);
    // refused beside a place that has rows: the search statement found rows, and still recorded nothing
    const mixedZips = await post('/arc/agent/zipcode/list', { zips: ['53703', '00000'], ...RANGE });
    expect(mixedZips.statusCode).toBe(400);
    expect(mixedZips.json().message).toBe('Unknown postal code: 00000');
    const mixedCounties = await post('/arc/agent/t65/list', { county: ['55025', '17031'], state: 'WI', ...RANGE });
    expect(mixedCounties.statusCode).toBe(400);
    expect(mixedCounties.json().message).toBe('Not a county of WI: 17031');
    expect(await auditCount()).toBe(before);
  });
});

describe('the search queries', () => {
  it('send one text per kind whatever the number of places, the places as one array parameter', () => {
    const values = {
      datefrom: RANGE.datefrom,
      dateto: RANGE.dateto,
      state: null,
      occurredAt: new Date(0).toISOString(),
      agentId: 'agent',
      ip: '127.0.0.1',
      search: '{}',
    };
    const one = searchQuery('zip', { places: ['53703'], ...values });
    const two = searchQuery('zip', { places: ['53703', '53202'], ...values });
    expect(two.sql).toBe(one.sql);
    expect(one.sql).toContain('"zip" = any($1::text[])');
    expect(two.params.slice(0, 3)).toEqual([['53703', '53202'], RANGE.datefrom, RANGE.dateto]);
    const county = searchQuery('county', { places: ['55025'], ...values });
    expect(county.sql).toContain('"county_fips" = any($1::text[])');
    // the rows: the plain ordered query (the index's order, no copy of the rows); the count: the index alone
    expect(county.sql).toMatch(/between \$\d+ and \$\d+\s+order by .*"t65" asc, .*"id" asc\s+limit \d+ \+ 1$/);
    expect(county.sql).toMatch(/select count\(\*\) as n from \(select from "t65_prospects" where .* limit \d+ \+ 1\)/);
    expect(county.sql).toContain(`limit ${PROSPECT_ROW_CAP} + 1`);
    // the audit row is written by the same statement (one round trip, docs/decisions/prospects.md)
    expect(county.sql).toContain('insert into "audit_log"');
  });

  it('answer the same rows search after search (the prepared queries are reused)', async () => {
    const body = { zips: ['53703', '53202'], ...RANGE };
    const first = await post('/arc/agent/zipcode/list', body);
    const again = await post('/arc/agent/zipcode/list', body);
    expect(again.json()).toEqual(first.json());
    const county = await post('/arc/agent/t65/list', { county: ['55025'], ...RANGE });
    expect(county.statusCode).toBe(200);
    expect((await post('/arc/agent/zipcode/list', body)).json()).toEqual(first.json());
  });
});

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) =>
    rows.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((v) => String(v ?? '')),
    ),
  );
  return { sheet, rows };
}

describe('POST /arc/agent/t65/countysearch/download', () => {
  it('sends "Prospect List.xlsx" with exactly the rows named, in their order, and records the export', async () => {
    const search = { kind: 'county', county: ['55025', '55079'], ...RANGE };
    const { rows } = (await post('/arc/agent/t65/list', { county: search.county, ...RANGE })).json<{
      rows: ProspectRow[];
    }>();
    // the table filtered out Ann and sorted by name descending; Dee (outside the search) is smuggled in
    const dee = (
      await post('/arc/agent/t65/list', { county: ['55025'], datefrom: '2027-06-01', dateto: '2027-06-01' })
    ).json().rows[0];
    const shown = rows.filter((r) => r.FirstName !== 'Ann').toSorted((a, b) => b.FirstName.localeCompare(a.FirstName));
    const res = await post('/arc/agent/t65/countysearch/download', {
      search,
      ids: [...shown.map((r) => r.id), dee.id],
      filters: { text: '', exclude: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="Prospect List.xlsx"');
    const { sheet, rows: sheetRows } = await readWorkbook(res.rawPayload);
    expect(sheet.name).toBe('Prospects (mail only)');
    expect(sheetRows[0]![0]).toBe('T65');
    expect(sheetRows.slice(1).map((r) => r[2])).toEqual(['Fay', 'Cal', 'Bea']);
    // Cal has no phone: the row ends at the county
    expect(sheetRows[2]).toEqual([
      '1/31/2027',
      'Mrs.',
      'Cal',
      'K',
      'Olson',
      '12 Lake St',
      '',
      'Madison',
      'WI',
      '53703',
      'Dane County',
    ]);
    expect(sheetRows[1]![11]).toBe('608-555-0101');

    const audit = await t.database.db.execute<{ npn: string; row_count: number; search: unknown }>(
      sql`select npn, row_count, search from t65_exports order by id desc limit 1`,
    );
    expect(audit.rows[0]).toEqual({ npn: agentNpn, row_count: 3, search });
    const logged = await t.database.db.execute<{ action: string; detail: { rows: number; search: unknown } }>(
      sql`select action, detail from audit_log order by id desc limit 1`,
    );
    expect(logged.rows[0]).toMatchObject({ action: 'prospects.exported', detail: { rows: 3, search } });
  });

  it('answers 400 with the spec message when no row is left to export', async () => {
    const res = await post('/arc/agent/t65/countysearch/download', {
      search: { kind: 'zip', zips: ['53703'], ...RANGE },
      ids: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PROSPECT_MESSAGES.noExportData);
  });

  it('answers 400 for more ids than a search can answer', async () => {
    const ids = Array.from({ length: PROSPECT_ROW_CAP + 1 }, (_, i) => i + 1);
    const res = await post('/arc/agent/t65/countysearch/download', {
      search: { kind: 'zip', zips: ['53703'], ...RANGE },
      ids,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('T65 list import', () => {
  const header = 't65,prefix,first_name,middle,last_name,address1,address2,city,state,zip,county,phone,ncoa_date';
  const write = (name: string, lines: string[]) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };

  it('loads the good lines, reports the bad ones with reasons, and replaces the list in one step', async () => {
    const file = write('list.csv', [
      header,
      '2026-12-01,Mr.,Gus,,Berg,"1 Main St, Rear",Apt 2,Madison,WI,53703,55025,(608) 555-0102,2026-10-15',
      '12/2/2026,,Hal,J,Berg,2 Main St,,Milwaukee,wi,53202,Milwaukee,,2026-10-20',
      '2026-02-30,Mr.,Bad,,Date,3 Main St,,Madison,WI,53703,55025,,2026-10-15',
      '2026-12-01,Mr.,Bad,,Zip,4 Main St,,Madison,WI,53202,55025,,2026-10-15',
      '2026-12-01,Mr.,Bad,,State,5 Main St,,Madison,XX,53703,55025,,2026-10-15',
      '2026-12-01,Mr.,Bad,,County,6 Main St,,Madison,WI,53703,17031,,2026-10-15',
      '2026-12-01,Mr.,Bad,,Phone,7 Main St,,Madison,WI,53703,55025,555-01,2026-10-15',
      '2026-12-01,Mr.,,,NoFirst,8 Main St,,Madison,WI,53703,55025,,2026-10-15',
      '2026-12-01,"Mr.,Bad,Quote',
    ]);
    const reportFile = path.join(tmp, 'list.rejected.csv');
    const places = await loadPlacesIndex(t.database.db);
    const result = await importT65File({ db: t.database.db, places, file, reportFile });
    expect(result).toMatchObject({ rows: 2, rejected: 7, updatedThrough: '2026-10-15' });
    const report = fs.readFileSync(reportFile, 'utf8').trim().split('\r\n');
    expect(report[0]).toBe('line,reason,content');
    expect(report.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '4,"t65 ""2026-02-30"" is not a date (YYYY-MM-DD or M/D/YYYY)"',
      '5,"zip 53202 is not in Dane County',
      '6,"state ""XX"" is not a state code"',
      '7,"county ""17031"" is not a county of WI"',
      '8,"phone ""555-01"" is not a 10-digit US number"',
      '9,first_name is empty',
      '10,malformed CSV: Quote Not Closed: the parsing is finished with an opening quote',
    ]);

    const res = await post('/arc/agent/t65/list', { county: ['55025', '55079'], state: 'WI', ...RANGE });
    const rows = res.json<{ rows: ProspectRow[] }>().rows;
    expect(rows.map((r) => [r.FirstName, r.T65, r.Address1, r.phone, r.county])).toEqual([
      ['Gus', '2026-12-01', '1 Main St, Rear', '608-555-0102', 'Dane County'],
      ['Hal', '2026-12-02', '2 Main St', '', 'Milwaukee County'],
    ]);
    expect((await get('/arc/agent/t65/info')).json()).toEqual({ updatedThrough: '2026-10-15', total: 2 });
    expect((await get('/arc/t65/counties/WI')).json()).toHaveLength(2);
  });

  it('changes nothing when the header lacks columns or no line is valid', async () => {
    const places = await loadPlacesIndex(t.database.db);
    const reportFile = path.join(tmp, 'bad.rejected.csv');
    const noHeader = write('no-header.csv', ['t65,first_name', '2026-12-01,Ann']);
    await expect(importT65File({ db: t.database.db, places, file: noHeader, reportFile })).rejects.toThrow(
      'The header line lacks the column(s) prefix, middle',
    );
    const allBad = write('all-bad.csv', [
      header,
      '2026-12-01,Mr.,Bad,,Zip,4 Main St,,Madison,WI,53202,55025,,2026-10-15',
    ]);
    await expect(importT65File({ db: t.database.db, places, file: allBad, reportFile })).rejects.toThrow('No line');
    expect((await get('/arc/agent/t65/info')).json().total).toBe(2);
    const tables = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where tablename like 't65_prospects_%'`,
    );
    expect(tables.rows[0]!.n).toBe(0);
  });

  it('reads back what the generator writes: every generated row passes the import checks', async () => {
    const places = await loadPlacesIndex(t.database.db);
    const generated = [...generateProspects(places, { rows: 300, asOf: '2026-11-23', states: ['WI', 'IL'] })];
    const again = [...generateProspects(places, { rows: 300, asOf: '2026-11-23', states: ['WI', 'IL'] })];
    expect(again).toEqual(generated);
    const months = new Set(generated.map((g) => g.row.t65.slice(0, 7)));
    expect(months.size).toBeGreaterThan(60);
    expect(generated.some((g) => g.row.phone === '')).toBe(true);
    for (const { row } of generated) {
      expect(places.zips.get(row.zip)?.countyFips).toBe(row.countyFips);
      expect(['WI', 'IL']).toContain(row.state);
    }
  });
});

describe('the physical order of a loaded list', () => {
  it('stores the rows in county, T65 order whatever order the file had, and leaves no staging table', async () => {
    const shuffled = [
      person({ firstName: 'C', t65: '2027-01-15', zip: '53202', countyFips: '55079', countyName: 'Milwaukee County' }),
      person({ firstName: 'A', t65: '2026-12-20' }),
      person({ firstName: 'D', t65: '2026-12-01', zip: '53202', countyFips: '55079', countyName: 'Milwaukee County' }),
      person({ firstName: 'B', t65: '2026-12-02' }),
    ];
    await replaceProspectList(t.database.db, items(shuffled), { source: 'shuffled' });
    const stored = await t.database.db.execute<{ first_name: string }>(
      sql`select first_name from t65_prospects order by ctid`,
    );
    expect(stored.rows.map((r) => r.first_name)).toEqual(['B', 'A', 'D', 'C']);
    const tables = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where tablename like 't65_prospects_%'`,
    );
    expect(tables.rows[0]!.n).toBe(0);
  });
});

describe('searches that reach the cap', () => {
  it(`answers the first ${PROSPECT_ROW_CAP} rows by T65 date and says the search was capped`, async () => {
    const many = Array.from({ length: PROSPECT_ROW_CAP + 5 }, (_, i) =>
      person({ firstName: `P${i}`, t65: i < 5 ? '2027-01-15' : '2026-12-01' }),
    );
    await replaceProspectList(t.database.db, items(many), { source: 'many' });
    const res = await post('/arc/agent/zipcode/list', { zips: ['53703'], ...RANGE });
    const body = res.json<{ rows: ProspectRow[]; isCapped: boolean }>();
    expect(body.isCapped).toBe(true);
    expect(body.rows).toHaveLength(PROSPECT_ROW_CAP);
    expect(body.rows.every((r) => r.T65 === '2026-12-01')).toBe(true);
  });
});

describe('rate limit', () => {
  it('answers 429 once one agent has run the configured number of searches in a minute', async () => {
    const limited = await createTestApp({ clock, env: { PROSPECT_SEARCHES_PER_MINUTE: '2' } });
    try {
      const agent = await insertAgent(limited.database.db);
      const other = await insertAgent(limited.database.db);
      const search = async (agentId: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/arc/agent/zipcode/list',
          payload: { zips: ['53703'], ...RANGE },
          headers: bearer(await mintAccessToken(limited, { agentId })),
        });
      expect((await search(agent.id)).statusCode).toBe(200);
      expect((await search(agent.id)).statusCode).toBe(200);
      expect((await search(agent.id)).statusCode).toBe(429);
      // counted per agent, not per address
      expect((await search(other.id)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
