import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile } from '../../seed/factories.ts';
import { benefitOverviewPdf } from '../../seed/pdf.ts';
import { addAgent, createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { bearer } from '../../test/tokens.ts';

const clock = fixedClock('2026-03-10T17:00:00Z');
let t: AgentApp;
let token: string;
let otherToken: string;
let sharedFileId: string;
let privateFileId: string;
let gzipFileId: string;
let pdf: Uint8Array;
const CSV = 'Carrier,Amount\nHumana,120.50\n';

beforeAll(async () => {
  t = await createAgentApp({ clock });
  const { db } = t.database;
  const storage = t.app.deps.storage;
  const { agent } = t;
  const other = await addAgent(t);
  token = agent.token;
  otherToken = other.token;
  pdf = await benefitOverviewPdf({
    carrier: 'Humana',
    year: 2026,
    title: 'First Look',
    color: [0, 0.4, 0.2],
    highlights: [],
  });
  sharedFileId = (
    await insertFile(db, storage, { name: 'Humana 2026 Überblick.pdf', contentType: 'application/pdf', body: pdf })
  ).id;
  privateFileId = (
    await insertFile(db, storage, {
      name: 'statement.csv',
      contentType: 'text/csv',
      body: 'a,b\n',
      ownerAgentId: agent.id,
    })
  ).id;
  gzipFileId = (
    await insertFile(db, storage, {
      name: 'dana_whitfield_2026-03-01.csv',
      contentType: 'text/csv; charset=utf-8',
      body: gzipSync(CSV),
      contentEncoding: 'gzip',
      ownerAgentId: agent.id,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const createToken = (file: unknown, auth: string | null = token) =>
  t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: auth ? bearer(auth) : {}, payload: { file } });
const newToken = async (file: string): Promise<string> => (await createToken(file)).json().token;
const download = (downloadToken: string) => t.app.inject({ method: 'GET', url: `/arc/download/${downloadToken}` });

describe('POST /arc/downloadtoken', () => {
  it('answers a token for a shared file and for the agent’s own file', async () => {
    const shared = await createToken(sharedFileId);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().token).toMatch(/^[\w-]{43}$/);
    expect((await createToken(privateFileId)).statusCode).toBe(200);
  });

  it("answers 404 for another agent's file, exactly as for a file that does not exist", async () => {
    const res = await createToken(privateFileId, otherToken);
    expect(res.statusCode).toBe(404);
    const missing = await createToken('fil_nope');
    expect(missing.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
  });

  it('answers 400 for a malformed body', async () => {
    const res = await createToken(7);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { file: expect.any(Array) } });
  });
});

describe('GET /arc/download/:token', () => {
  it('streams a real PDF with its name, type and length, once', async () => {
    const downloadToken = await newToken(sharedFileId);
    const file = await download(downloadToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="Humana 2026 ?berblick.pdf"; filename*=UTF-8''Humana%202026%20%C3%9Cberblick.pdf`,
    });
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(file.rawPayload, Buffer.from(pdf))).toBe(0);

    const again = await download(downloadToken);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ code: 'GONE', message: 'This download link has expired.' });
  });

  it('serves a compressed file as stored, with Content-Encoding', async () => {
    const file = await download(await newToken(gzipFileId));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(file.headers['content-disposition']).toBe('attachment; filename=dana_whitfield_2026-03-01.csv');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    expect(gunzipSync(file.rawPayload).toString()).toBe(CSV);
  });

  it('does not spend a token on HEAD', async () => {
    const downloadToken = await newToken(sharedFileId);
    expect((await t.app.inject({ method: 'HEAD', url: `/arc/download/${downloadToken}` })).statusCode).toBe(404);
    expect((await download(downloadToken)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent requests spend a token', async () => {
    const downloadToken = await newToken(sharedFileId);
    const answers = await Promise.all([download(downloadToken), download(downloadToken)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 410]);
  });

  it('is valid for 60 seconds by the clock', async () => {
    const early = await newToken(sharedFileId);
    clock.advance(59_000);
    expect((await download(early)).statusCode).toBe(200);

    const late = await newToken(sharedFileId);
    clock.advance(60_000);
    const res = await download(late);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This download link has expired.');
  });

  it("answers 404 to another agent's bearer without spending the token, and 410 to the owner's for a spent one", async () => {
    const downloadToken = await newToken(privateFileId);
    const url = `/arc/download/${downloadToken}`;
    const theirs = await t.app.inject({ method: 'GET', url, headers: bearer(otherToken) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('statement.csv');
    const mine = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe('a,b\n');
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(410);
  });

  it('answers 400, not a database failure, for a NUL character in a request', async () => {
    const res = await createToken('fil_\u0000x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { file: ['must not contain a NUL character'] },
    });
  });

  it('answers 410 for a well-formed token it never issued and 404 for a malformed one', async () => {
    expect((await download('A'.repeat(43))).statusCode).toBe(410);
    expect((await download('made-up-token')).statusCode).toBe(404);
    expect((await download('x'.repeat(90))).statusCode).toBe(404);
  });
});

describe('download tokens: the limit counts per agent', () => {
  it('answers 429 to an agent past 120 tokens a minute, while another agent at the same address still gets one', async () => {
    const busy = await addAgent(t);
    for (let i = 0; i < 120; i += 1) {
      expect((await createToken(sharedFileId, busy.token)).statusCode).toBe(200);
    }
    const limited = await createToken(sharedFileId, busy.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    // every inject comes from the same address: an office of agents behind one NAT
    expect((await createToken(sharedFileId, otherToken)).statusCode).toBe(200);
  }, 60_000);
});
