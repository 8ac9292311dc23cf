import type { LibraryKind, StaffLibraryDocument, StaffRole } from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

// The document lists besides the dashboard's (docs/decisions/content-publishing.md): each kind is created, uploaded,
// published, replaced and unpublished through the same entries, and an agent sees exactly what is published.

let t: AgentApp;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createAgentApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const PDF = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const base = (kind: LibraryKind) => `/arc/staff/content/library/${kind}`;
const staff = (role: StaffRole | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: role ? bearer(tokens[role]) : {}, ...(payload ? { payload } : {}) });
const upload = (kind: LibraryKind, key: string, body: Buffer, role: StaffRole = 'content') => {
  const form = multipart([{ name: 'file', filename: 'guide.pdf', contentType: 'application/pdf', body }]);
  return t.app.inject({
    method: 'PUT',
    url: `${base(kind)}/${key}/file`,
    headers: { ...bearer(tokens[role]), 'content-type': form.contentType },
    payload: form.buffer(),
  });
};
const publish = (kind: LibraryKind, key: string, yes = true) =>
  staff('content', 'POST', `${base(kind)}/${key}/${yes ? 'publish' : 'unpublish'}`);
const input = { title: 'Scope of Appointment Rules', description: '', number: null, sortOrder: 0 };
async function newDocument(kind: LibraryKind, overrides: object = {}): Promise<StaffLibraryDocument> {
  const res = await staff('content', 'POST', base(kind), { ...input, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffLibraryDocument>();
}
const agentGet = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(t.agent.token) });
  expect(res.statusCode).toBe(200);
  return res.json<unknown>();
};
/** The download identifiers and titles of one list as the agent's screen gets them. */
async function agentList(kind: LibraryKind): Promise<{ title: string; file: string }[]> {
  if (kind === 'compliance') {
    const { guides } = (await agentGet('/arc/training/compliance-guides')) as {
      guides: { name: string; file: string }[];
    };
    return guides.map((g) => ({ title: g.name, file: g.file }));
  }
  if (kind === 'final-expense') {
    const files = (await agentGet('/arc/agent/finalexpense/files')) as { filename: string; file: string }[];
    return files.map((f) => ({ title: f.filename.replace(/\.pdf$/, ''), file: f.file }));
  }
  const { documents } = (await agentGet(`/arc/content/documents/${kind}`)) as {
    documents: { title: string; file: string }[];
  };
  return documents;
}
async function agentDownload(file: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/arc/downloadtoken',
    headers: bearer(t.agent.token),
    payload: { file },
  });
  if (res.statusCode !== 200) return { statusCode: res.statusCode, body: '' };
  const got = await t.app.inject({ method: 'GET', url: `/arc/download/${res.json<{ token: string }>().token}` });
  return { statusCode: got.statusCode, body: got.body };
}

describe('roles', () => {
  it('lets admin and content in and refuses operations, support and no token', async () => {
    for (const role of ['admin', 'content'] as const) {
      expect((await staff(role, 'GET', base('policies'))).statusCode).toBe(200);
    }
    for (const role of ['operations', 'support'] as const) {
      expect((await staff(role, 'GET', base('policies'))).statusCode).toBe(403);
      expect((await staff(role, 'POST', base('policies'), input)).statusCode).toBe(403);
    }
    expect((await staff(null, 'GET', base('policies'))).statusCode).toBe(401);
    const doc = await newDocument('policies');
    expect((await upload('policies', doc.key, PDF('x'), 'operations')).statusCode).toBe(403);
    expect((await upload('policies', doc.key, PDF('x'), 'admin')).statusCode).toBe(200);
  });
});

describe('bad requests', () => {
  it('refuses an unknown list, a bad body, a guide without a number or with a taken one, an unknown key', async () => {
    expect((await staff('content', 'GET', '/arc/staff/content/library/brochures')).statusCode).toBe(400);
    expect((await staff('content', 'POST', base('resources'), { ...input, title: '  ' })).statusCode).toBe(400);
    expect((await staff('content', 'POST', base('resources'), { title: 'No order' })).statusCode).toBe(400);
    const noNumber = await staff('content', 'POST', base('compliance'), input);
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json<{ message: string }>().message).toBe("Enter the guide's file number");
    await newDocument('compliance', { number: 3001 });
    const taken = await staff('content', 'POST', base('compliance'), { ...input, number: 3001 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe('Another guide has file number 3001');
    // two staff members creating the same number at the same moment: one gets it, the other the same 409
    const both = await Promise.all(
      [1, 2].map(() => staff('content', 'POST', base('compliance'), { ...input, number: 3003 })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const renumbered = await staff('content', 'PUT', `${base('compliance')}/3001`, { ...input, number: 3002 });
    expect(renumbered.statusCode).toBe(409);
    expect((await upload('final-expense', '999999', PDF('x'))).statusCode).toBe(404);
    expect((await publish('sunfire', 'sunfire-missing')).statusCode).toBe(404);
    // a key of another list is not found in this one
    const policy = await newDocument('policies');
    expect((await publish('resources', policy.key)).statusCode).toBe(404);
  });

  it('refuses a PNG named .pdf and an empty file, and publishing without a PDF', async () => {
    const doc = await newDocument('final-expense');
    const png = await upload('final-expense', doc.key, PNG);
    expect(png.statusCode).toBe(400);
    expect(png.json<{ message: string }>().message).toBe('This file is not a PDF: upload a PDF document');
    expect((await upload('final-expense', doc.key, Buffer.alloc(0))).statusCode).toBe(400);
    const early = await publish('final-expense', doc.key);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('Upload the PDF before publishing this document');
    const row = (await staff('content', 'GET', base('final-expense'))).json<{ documents: StaffLibraryDocument[] }>();
    expect(row.documents.find((d) => d.key === doc.key)).toMatchObject({ file: null, published: false });
  });
});

describe.each([
  ['compliance', { number: 3100 }],
  ['final-expense', { sortOrder: 9 }],
  ['policies', { description: 'How we handle leads', sortOrder: 9 }],
  ['resources', { description: 'Forms', sortOrder: 9 }],
  ['myhealthplan', { description: 'Quick start', sortOrder: 9 }],
  ['sunfire', { description: 'Quick start', sortOrder: 9 }],
] as const)('%s', (kind, extra) => {
  it('is unseen by agents until published, replaced in place, and unseen again once unpublished', async () => {
    const title = `New ${kind} document`;
    const doc = await newDocument(kind, { ...extra, title });
    expect(doc).toMatchObject({ kind, title, published: false, file: null });
    const first = (await upload(kind, doc.key, PDF('v1'))).json<StaffLibraryDocument>();
    expect(first.fileName).toMatch(/\.pdf$/);
    // uploaded, not published: neither listed nor downloadable
    expect((await agentList(kind)).map((d) => d.title)).not.toContain(title);
    expect((await agentDownload(first.file!)).statusCode).toBe(404);

    expect((await publish(kind, doc.key)).json<StaffLibraryDocument>().published).toBe(true);
    expect((await agentList(kind)).find((d) => d.title === title)?.file).toBe(first.file);
    expect((await agentDownload(first.file!)).body).toBe(PDF('v1').toString());

    // replaced: same key and place, the list gives the new file, the link loaded before still downloads
    const second = (await upload(kind, doc.key, PDF('v2'))).json<StaffLibraryDocument>();
    expect(second).toMatchObject({ key: doc.key, sortOrder: doc.sortOrder, number: doc.number, published: true });
    expect((await agentList(kind)).find((d) => d.title === title)?.file).toBe(second.file);
    expect((await agentDownload(second.file!)).body).toBe(PDF('v2').toString());
    expect((await agentDownload(first.file!)).body).toBe(PDF('v1').toString());

    // unpublished: gone from the list, and no version downloads
    expect((await publish(kind, doc.key, false)).statusCode).toBe(200);
    expect((await agentList(kind)).map((d) => d.title)).not.toContain(title);
    expect((await agentDownload(first.file!)).statusCode).toBe(404);
    expect((await agentDownload(second.file!)).statusCode).toBe(404);

    const subject = `${kind}:${doc.key}`;
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, subject));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'content.file-replaced',
      'content.file-replaced',
      'content.published',
      'content.unpublished',
    ]);
  });
});

describe('editing and failures', () => {
  it('edits title, description and order, keeping the file; a description only where agents see one', async () => {
    const doc = await newDocument('resources', { description: 'Old' });
    const uploaded = (await upload('resources', doc.key, PDF('e'))).json<StaffLibraryDocument>();
    const res = await staff('content', 'PUT', `${base('resources')}/${doc.key}`, {
      ...input,
      title: 'Renamed',
      description: 'New words',
      sortOrder: 4,
    });
    expect(res.json<StaffLibraryDocument>()).toMatchObject({
      title: 'Renamed',
      description: 'New words',
      sortOrder: 4,
      file: uploaded.file,
    });
    const fe = await newDocument('final-expense', { description: 'not shown to agents' });
    expect(fe.description).toBe('');
  });

  it('a failed replace leaves the old file and row intact', async () => {
    const doc = await newDocument('policies');
    const first = (await upload('policies', doc.key, PDF('kept'))).json<StaffLibraryDocument>();
    await publish('policies', doc.key);
    const put = vi.spyOn(t.app.deps.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    expect((await upload('policies', doc.key, PDF('lost'))).statusCode).toBe(500);
    put.mockRestore();
    const list = (await staff('content', 'GET', base('policies'))).json<{ documents: StaffLibraryDocument[] }>();
    expect(list.documents.find((d) => d.key === doc.key)).toMatchObject({ file: first.file, published: true });
    expect((await agentDownload(first.file!)).body).toBe(PDF('kept').toString());
    const replaced = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `policies:${doc.key}`), eq(auditLog.action, 'content.file-replaced')));
    expect(replaced).toHaveLength(1);
  });
});
