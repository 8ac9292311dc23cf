import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent, insertFile } from '../../seed/factories.ts';
import { benefitOverviewPdf } from '../../seed/pdf.ts';
import { createTestApp, fixedClock, type TestApp } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

const clock = fixedClock(new Date());
let t: TestApp;
let token: string;
let otherToken: string;
let sharedFileId: string;
let privateFileId: string;
let pdf: Uint8Array;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const agent = await insertAgent(t.database.db);
  const other = await insertAgent(t.database.db);
  token = await mintAccessToken(t, { agentId: agent.id });
  otherToken = await mintAccessToken(t, { agentId: other.id });
  pdf = await benefitOverviewPdf({ carrier: 'Humana', year: 2026, title: 'First Look', color: [0, 0.4, 0.2], highlights: [] });
  const storage = t.app.deps.storage;
  sharedFileId = (await insertFile(t.database.db, storage, { name: 'Humana 2026 Überblick.pdf', contentType: 'application/pdf', body: pdf })).id;
  privateFileId = (
    await insertFile(t.database.db, storage, { name: 'statement.csv', contentType: 'text/csv', body: 'a,b\n', ownerAgentId: agent.id })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const createToken = (file: string, auth = token) =>
  t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: bearer(auth), payload: { file } });

describe('POST /arc/downloadtoken and GET /arc/download/:token', () => {
  it('streams a real PDF once with its name and type', async () => {
    const res = await createToken(sharedFileId);
    expect(res.statusCode).toBe(200);
    const { token: download } = res.json();
    const file = await t.app.inject({ method: 'GET', url: `/arc/download/${download}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Humana 2026 _berblick.pdf"; filename*=UTF-8''Humana%202026%20%C3%9Cberblick.pdf`,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(pdf.length);

    const again = await t.app.inject({ method: 'GET', url: `/arc/download/${download}` });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This download link has expired.');
  });

  it('expires after 60 seconds', async () => {
    const { token: download } = (await createToken(sharedFileId)).json();
    clock.advance(60_001);
    const res = await t.app.inject({ method: 'GET', url: `/arc/download/${download}` });
    expect(res.statusCode).toBe(410);
  });

  it("lets the owner download their own file and answers 404 for another agent's", async () => {
    expect((await createToken(privateFileId)).statusCode).toBe(200);
    const res = await createToken(privateFileId, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 404 for an unknown file, 400 for a malformed body, 401 without a token', async () => {
    expect((await createToken('fil_nope')).statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: bearer(token), payload: { file: 7 } });
    expect(malformed.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/arc/downloadtoken', payload: { file: sharedFileId } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 410 for an unknown token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/download/made-up-token' });
    expect(res.statusCode).toBe(410);
  });
});
