import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEnrollment } from '../seed/enrollments.ts';
import { insertFile } from '../seed/factories.ts';
import { createAgentApp, type AgentApp } from '../test/agent-app.ts';
import { insertStaff, mintStaffToken } from '../test/staff.ts';
import { bearer } from '../test/tokens.ts';

/** sendFile's headers as a caller sees them, on the routes that send stored files (platform/send-file.ts). */
let t: AgentApp;
let staffToken: string;
const PDF = Buffer.from('%PDF-1.4\n% a stored file\n%%EOF\n');
const TRICKY = 'Plan "A" — Café.pdf';

beforeAll(async () => {
  t = await createAgentApp();
  staffToken = (await mintStaffToken(t, await insertStaff(t, { role: 'operations', email: 'ops.sf@provider.test' })))
    .token;
});
afterAll(async () => {
  await t?.close();
});

const stored = (name: string, contentType = 'application/pdf', body: Buffer = PDF) =>
  insertFile(t.database.db, t.app.deps.storage, { name, contentType, body, ownerAgentId: t.agent.id });

async function download(fileId: string, query = '') {
  const issued = await t.app.inject({
    method: 'POST',
    url: '/arc/downloadtoken',
    headers: bearer(t.agent.token),
    payload: { file: fileId },
  });
  return t.app.inject({ method: 'GET', url: `/arc/download/${issued.json<{ token: string }>().token}${query}` });
}

describe('sendFile on GET /arc/download/:token', () => {
  it('names a file with quotes and non-ASCII characters safely, with its type, length and private headers', async () => {
    const res = await download((await stored(TRICKY)).id);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // an ASCII fallback with the quotes escaped, then the exact name in UTF-8 (RFC 6266, RFC 5987)
      'content-disposition': `attachment; filename="Plan \\"A\\" ? Caf?.pdf"; filename*=UTF-8''Plan%20%22A%22%20%E2%80%94%20Caf%C3%A9.pdf`,
    });
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('opens only a PDF inline; any other type stays an attachment', async () => {
    const pdf = await download((await stored('guide.pdf')).id, '?disposition=inline');
    expect(pdf.headers['content-disposition']).toBe('inline; filename=guide.pdf');
    const html = await download(
      (await stored('page.html', 'text/html', Buffer.from('<b>hi</b>'))).id,
      '?disposition=inline',
    );
    expect(html.headers['content-disposition']).toBe('attachment; filename=page.html');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  it('replaces line breaks and folder separators in a stored name', async () => {
    const res = await download((await stored('../evil\r\nSet-Cookie: x=1.pdf')).id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=".._evil_Set-Cookie: x=1.pdf"');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('sendFile on a staff route (GET /arc/staff/enrollments/queue/:id/file)', () => {
  it('streams the stored PDF inline by default, named in UTF-8, with its length and no-store', async () => {
    const file = await stored('Ruth Okafor – São Paulo.pdf');
    const enrollment = await insertEnrollment(t.database.db, { agentId: t.agent.id, fileId: file.id });
    const url = `/arc/staff/enrollments/queue/${enrollment.id}/file`;
    const inline = await t.app.inject({ method: 'GET', url, headers: bearer(staffToken) });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Ruth Okafor ? S?o Paulo.pdf"; filename*=UTF-8''Ruth%20Okafor%20%E2%80%93%20S%C3%A3o%20Paulo.pdf`,
    });
    expect(inline.rawPayload.equals(PDF)).toBe(true);
    const saved = await t.app.inject({
      method: 'GET',
      url: `${url}?disposition=attachment`,
      headers: bearer(staffToken),
    });
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename="Ruth Okafor/);
  });
});

describe('sendFile on a public stored picture (GET /arc/training/thumbnails/:name)', () => {
  it('sends no Content-Disposition, its own cache rule and nosniff', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    await t.app.deps.storage.put('training/thumbnails/send-file-test.jpg', Readable.from([jpeg]));
    const res = await t.app.inject({ method: 'GET', url: '/arc/training/thumbnails/send-file-test.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': '4',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });
});
