import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceGuides } from '../../db/schema/index.ts';
import { insertFile } from '../../seed/factories.ts';
import { guideDocumentPdf } from '../../seed/pdf.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { bearer } from '../../test/tokens.ts';

let t: AgentApp;
let token: string;

beforeAll(async () => {
  t = await createAgentApp();
  const { db } = t.database;
  const storage = t.app.deps.storage;
  token = t.agent.token;
  const pdf = await guideDocumentPdf({
    publisher: 'ARC',
    title: 'Call Recording Requirements',
    reference: 'Compliance Guide 2146',
    color: [0.1, 0.3, 0.5],
    intro: 'Record every call.',
    sections: [{ heading: 'Do', bullets: ['Record'] }],
    issued: new Date('2026-01-02T00:00:00Z'),
  });
  for (const [fileNumber, name] of [
    [2146, 'Call Recording Requirements'],
    [2145, 'Anti-Kickback Statute'],
  ] as const) {
    const file = await insertFile(db, storage, {
      id: `fil_guide_${fileNumber}`,
      name: `ARC-${fileNumber} ${name}.pdf`,
      contentType: 'application/pdf',
      body: pdf,
    });
    await db
      .insert(complianceGuides)
      .values({ fileNumber, name, downloadName: file.name, fileId: file.id, published: true });
  }
  await storage.delete('files/fil_guide_2145');
});
afterAll(async () => {
  await t?.close();
});

const downloadToken = async (file: string) =>
  (await t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: bearer(token), payload: { file } })).json()
    .token as string;

describe('GET /arc/training/compliance-guides', () => {
  it('lists the guides by file number with their download names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/training/compliance-guides', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().guides).toEqual([
      {
        fileNumber: 2145,
        name: 'Anti-Kickback Statute',
        downloadName: 'ARC-2145 Anti-Kickback Statute.pdf',
        file: 'fil_guide_2145',
      },
      {
        fileNumber: 2146,
        name: 'Call Recording Requirements',
        downloadName: 'ARC-2146 Call Recording Requirements.pdf',
        file: 'fil_guide_2146',
      },
    ]);
  });

  it('downloads a guide as a real PDF under its download name, or opens it inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/arc/download/${await downloadToken('fil_guide_2146')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="ARC-2146 Call Recording Requirements.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const inline = await t.app.inject({
      method: 'GET',
      url: `/arc/download/${await downloadToken('fil_guide_2146')}?disposition=inline`,
    });
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="ARC-2146/);
  });

  it('answers 404 when the guide file is missing from storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/arc/download/${await downloadToken('fil_guide_2145')}` });
    expect(res.statusCode).toBe(404);
  });
});
