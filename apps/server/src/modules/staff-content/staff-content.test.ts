import type { StaffDashboardDocument, StaffRole } from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

// 1 July 2026 in Los Angeles: the dashboard answers 2026 and 2027 (next year's tab shows after 18 June)
const clock = fixedClock('2026-07-01T17:00:00Z');
let t: AgentApp;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createAgentApp({ clock });
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const PDF = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const staff = (role: StaffRole | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: role ? bearer(tokens[role]) : {}, ...(payload ? { payload } : {}) });
const create = (role: StaffRole, input: object) => staff(role, 'POST', '/arc/staff/content/dashboard', input);
const upload = (key: string, body: Buffer, filename = 'overview.pdf', role: StaffRole = 'content') => {
  const form = multipart([{ name: 'file', filename, contentType: 'application/pdf', body }]);
  return t.app.inject({
    method: 'PUT',
    url: `/arc/staff/content/dashboard/${key}/file`,
    headers: { ...bearer(tokens[role]), 'content-type': form.contentType },
    payload: form.buffer(),
  });
};
const publish = (key: string, yes = true) =>
  staff('content', 'POST', `/arc/staff/content/dashboard/${key}/${yes ? 'publish' : 'unpublish'}`);
const agentTiles = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: bearer(t.agent.token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ files: { key: string; year: number; file: string | null }[] }>().files;
};
const tokenFor = (file: string) =>
  t.app.inject({ method: 'POST', url: '/arc/downloadtoken', headers: bearer(t.agent.token), payload: { file } });
async function agentDownload(file: string) {
  const res = await tokenFor(file);
  if (res.statusCode !== 200) return { statusCode: res.statusCode, body: '' };
  const got = await t.app.inject({ method: 'GET', url: `/arc/download/${res.json<{ token: string }>().token}` });
  return { statusCode: got.statusCode, body: got.body };
}
const input = { year: 2027, carrier: 'Humana', documentId: 70, sortOrder: 3 };
async function newDocument(overrides: object = {}): Promise<StaffDashboardDocument> {
  const res = await create('content', { ...input, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json<StaffDashboardDocument>();
}

describe('roles', () => {
  it('lets admin and content in and refuses operations, support and no token', async () => {
    for (const role of ['admin', 'content'] as const) {
      const res = await staff(role, 'GET', '/arc/staff/content/dashboard');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ carriers: string[] }>().carriers).toContain('Humana');
    }
    for (const role of ['operations', 'support'] as const) {
      expect((await staff(role, 'GET', '/arc/staff/content/dashboard')).statusCode).toBe(403);
      expect((await create(role, input)).statusCode).toBe(403);
    }
    expect((await staff(null, 'GET', '/arc/staff/content/dashboard')).statusCode).toBe(401);
    expect((await create('admin', input)).statusCode).toBe(201);
    const doc = await newDocument();
    expect((await upload(doc.key, PDF('x'), 'a.pdf', 'operations')).statusCode).toBe(403);
    expect((await upload(doc.key, PDF('x'), 'a.pdf', 'admin')).statusCode).toBe(200);
  });
});

describe('malformed requests', () => {
  it('refuses a bad body, an unknown carrier and an unknown document', async () => {
    expect((await create('content', { ...input, year: 'next' })).statusCode).toBe(400);
    expect((await create('content', { carrier: 'Humana' })).statusCode).toBe(400);
    const unknown = await create('content', { ...input, carrier: 'Nobody Mutual' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe('Choose a carrier from the list');
    expect((await upload('doc_missing', PDF('x'))).statusCode).toBe(404);
    expect((await publish('doc_missing')).statusCode).toBe(404);
  });

  it('refuses publishing a document without its PDF', async () => {
    const doc = await newDocument();
    const res = await publish(doc.key);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('Upload the PDF before publishing this document');
  });
});

describe('uploads', () => {
  it('refuses a PNG named .pdf with a clear message, by its bytes', async () => {
    const doc = await newDocument();
    const res = await upload(doc.key, PNG, 'benefits.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('This file is not a PDF: upload a PDF document');
  });

  it('refuses an empty file', async () => {
    const doc = await newDocument();
    const res = await upload(doc.key, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('This file is empty: upload a PDF document');
  });

  it('refuses a body without the file part', async () => {
    const doc = await newDocument();
    const form = multipart([{ name: 'other', filename: 'a.pdf', body: PDF('x') }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/arc/staff/content/dashboard/${doc.key}/file`,
      headers: { ...bearer(tokens.content), 'content-type': form.contentType },
      payload: form.buffer(),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('publishing', () => {
  it('never shows an unpublished document, nor its file, to an agent; publishing places it under its plan year', async () => {
    const doc = await newDocument({ year: 2027, sortOrder: 0 });
    const uploaded = (await upload(doc.key, PDF('draft'))).json<StaffDashboardDocument>();
    expect(uploaded.file).toMatch(/^fil_/);
    expect(uploaded.published).toBe(false);
    expect((await agentTiles()).map((f) => f.key)).not.toContain(doc.key);
    expect((await tokenFor(uploaded.file!)).statusCode).toBe(404);

    const published = await publish(doc.key);
    expect(published.statusCode).toBe(200);
    const tile = (await agentTiles()).find((f) => f.key === doc.key);
    expect(tile).toMatchObject({ year: 2027, file: uploaded.file });
    expect(await agentDownload(uploaded.file!)).toMatchObject({ statusCode: 200, body: PDF('draft').toString() });

    expect((await publish(doc.key, false)).statusCode).toBe(200);
    expect((await agentTiles()).map((f) => f.key)).not.toContain(doc.key);
    expect((await tokenFor(uploaded.file!)).statusCode).toBe(404);

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, doc.key));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'content.file-replaced',
      'content.published',
      'content.unpublished',
    ]);
  });

  it('a plan year outside this year and next is not on the dashboard', async () => {
    const doc = await newDocument({ year: 2029 });
    await upload(doc.key, PDF('later'));
    expect((await publish(doc.key)).statusCode).toBe(200);
    expect((await agentTiles()).map((f) => f.key)).not.toContain(doc.key);
  });
});

describe('replacing a file', () => {
  it('keeps the place (key, order, year) and the old link downloads the old version', async () => {
    const doc = await newDocument({ sortOrder: 7 });
    const first = (await upload(doc.key, PDF('v1'))).json<StaffDashboardDocument>();
    await publish(doc.key);
    const second = await upload(doc.key, PDF('v2'));
    expect(second.statusCode).toBe(200);
    const now = second.json<StaffDashboardDocument>();
    expect(now).toMatchObject({ key: doc.key, sortOrder: 7, year: 2027, published: true });
    expect(now.file).not.toBe(first.file);
    expect((await agentTiles()).find((f) => f.key === doc.key)?.file).toBe(now.file);
    expect((await agentDownload(now.file!)).body).toBe(PDF('v2').toString());
    expect((await agentDownload(first.file!)).body).toBe(PDF('v1').toString());
  });

  it('a failed replace leaves the old file and row intact', async () => {
    const doc = await newDocument();
    const first = (await upload(doc.key, PDF('kept'))).json<StaffDashboardDocument>();
    await publish(doc.key);

    expect((await upload(doc.key, PNG)).statusCode).toBe(400);
    const put = vi.spyOn(t.app.deps.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    expect((await upload(doc.key, PDF('lost'))).statusCode).toBe(500);
    put.mockRestore();

    const list = (await staff('content', 'GET', '/arc/staff/content/dashboard')).json<{
      documents: StaffDashboardDocument[];
    }>();
    expect(list.documents.find((d) => d.key === doc.key)).toMatchObject({ file: first.file, published: true });
    expect((await agentDownload(first.file!)).body).toBe(PDF('kept').toString());
    const replaced = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, doc.key), eq(auditLog.action, 'content.file-replaced')));
    expect(replaced).toHaveLength(1);
  });
});

describe('editing', () => {
  it('changes carrier, kind, year and order, keeping the file', async () => {
    const doc = await newDocument();
    const uploaded = (await upload(doc.key, PDF('e'))).json<StaffDashboardDocument>();
    const res = await staff('content', 'PUT', `/arc/staff/content/dashboard/${doc.key}`, {
      year: 2026,
      carrier: 'Aetna',
      documentId: 75,
      sortOrder: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffDashboardDocument>()).toMatchObject({
      year: 2026,
      carrier: 'Aetna',
      id: 75,
      sortOrder: 1,
      file: uploaded.file,
      img: '/arc/dashboard/logos/aetna.svg',
    });
  });
});
