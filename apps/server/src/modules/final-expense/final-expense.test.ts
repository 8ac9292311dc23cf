import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalExpenseFiles } from '../../db/schema/index.ts';
import { insertFile } from '../../seed/factories.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { bearer } from '../../test/tokens.ts';

let t: AgentApp;
let token: string;

beforeAll(async () => {
  t = await createAgentApp();
  const { db } = t.database;
  token = t.agent.token;
  for (const [id, filename, sortOrder] of [
    [302, 'Underwriting Guide.pdf', 1],
    [301, 'Product Comparison.pdf', 0],
  ] as const) {
    const file = await insertFile(db, t.app.deps.storage, {
      id: `fil_fe_${id}`,
      name: filename,
      contentType: 'application/pdf',
      body: '%PDF-1.7\n%%EOF\n',
    });
    await db.insert(finalExpenseFiles).values({ id, filename, fileId: file.id, sortOrder, published: true });
  }
  await t.app.deps.storage.delete('files/fil_fe_302');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /arc/agent/finalexpense/files', () => {
  it('lists the documents in order as {id, filename, file}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/agent/finalexpense/files', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 301, filename: 'Product Comparison.pdf', file: 'fil_fe_301' },
      { id: 302, filename: 'Underwriting Guide.pdf', file: 'fil_fe_302' },
    ]);
  });

  it('downloads a document, and answers 404 when its bytes are missing', async () => {
    const tokenFor = async (file: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: bearer(token), payload: { file } })
      ).json().token as string;
    const ok = await t.app.inject({ method: 'GET', url: `/arc/download/${await tokenFor('fil_fe_301')}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toContain('filename="Product Comparison.pdf"');
    const missing = await t.app.inject({ method: 'GET', url: `/arc/download/${await tokenFor('fil_fe_302')}` });
    expect(missing.statusCode).toBe(404);
  });
});
