import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCommissionStatement } from '../../seed/factories.ts';
import { addAgent, createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { bearer } from '../../test/tokens.ts';

let t: AgentApp;
let token: string;
let otherToken: string;
let otherStatementId: string;
let missingFileStatementId: string;
const CSV = 'Carrier,Policy Number,Commission\r\nHumana,P123,320.50\r\n';

beforeAll(async () => {
  t = await createAgentApp();
  const { db } = t.database;
  const storage = t.app.deps.storage;
  const { agent } = t;
  const other = await addAgent(t);
  token = agent.token;
  otherToken = other.token;
  // 25 statements on the first of each month, January 2025 onwards
  for (let i = 0; i < 25; i += 1) {
    const month = new Date(Date.UTC(2025, i, 1)).toISOString().slice(0, 10);
    await insertCommissionStatement(db, storage, {
      id: `cms_a_${String(i).padStart(2, '0')}`,
      agentId: agent.id,
      firstName: 'Dana',
      lastName: 'Whitfield',
      statementDate: month,
      csv: CSV,
    });
  }
  otherStatementId = (
    await insertCommissionStatement(db, storage, {
      agentId: other.id,
      statementDate: '2026-02-01',
      firstName: 'Marcus',
    })
  ).id;
  const missing = await insertCommissionStatement(db, storage, {
    id: 'cms_missing',
    agentId: agent.id,
    statementDate: '2024-12-01',
  });
  missingFileStatementId = missing.id;
  await storage.delete(missing.file.storageKey);
});
afterAll(async () => {
  await t?.close();
});

const list = (offset: string | number, auth: string | null = token) =>
  t.app.inject({
    method: 'GET',
    url: `/arc/agent/commissions/all/${offset}`,
    headers: auth ? bearer(auth) : {},
  });
const getOne = (id: string, auth: string | null = token) =>
  t.app.inject({ method: 'GET', url: `/arc/agent/commissions/${id}`, headers: auth ? bearer(auth) : {} });

describe('GET /arc/agent/commissions/all/:offset', () => {
  it('answers 10 statements newest first, with the formatted date and the total', async () => {
    const res = await list(0);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(26);
    expect(data).toHaveLength(10);
    expect(data[0]).toEqual({
      id: 'cms_a_24',
      first: 'Dana',
      last: 'Whitfield',
      date: '2027-01-01',
      formatted: 'January 1st, 2027',
    });
    expect(data.map((s: { date: string }) => s.date)).toEqual(
      [...data.map((s: { date: string }) => s.date)].sort().reverse(),
    );
  });

  it('pages by offset without overlap, and answers an empty page past the end', async () => {
    const ids = new Set<string>();
    for (const offset of [0, 10, 20]) {
      for (const statement of (await list(offset)).json().data) ids.add(statement.id);
    }
    expect(ids.size).toBe(26);
    expect((await list(20)).json().data).toHaveLength(6);
    const past = await list(30);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ data: [], total: 26 });
  });

  it("never lists another agent's statements", async () => {
    const { data, total } = (await list(0, otherToken)).json();
    expect(total).toBe(1);
    expect(data[0].first).toBe('Marcus');
  });

  it('answers 400 for a malformed offset', async () => {
    for (const offset of ['abc', '-10', '1.5', '99999999999']) {
      const res = await list(offset);
      expect(res.statusCode, offset).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { offset: expect.any(Array) } });
    }
  });
});

describe('GET /arc/agent/commissions/:id', () => {
  it('serves the stored gzip with Content-Encoding, named first_last_date.csv', async () => {
    const res = await getOne('cms_a_03');
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'no-store',
    });
    expect(res.headers['content-disposition']).toBe('attachment; filename=Dana_Whitfield_2025-04-01.csv');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(gunzipSync(res.rawPayload).toString()).toBe(CSV);
  });

  it("answers 404 for another agent's statement, exactly as for an unknown id", async () => {
    const other = await getOne(otherStatementId);
    const unknown = await getOne('cms_nope');
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect((await getOne(otherStatementId, otherToken)).statusCode).toBe(200);
  });

  it('answers 404 when the stored file is missing', async () => {
    const res = await getOne(missingFileStatementId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
  });
});
