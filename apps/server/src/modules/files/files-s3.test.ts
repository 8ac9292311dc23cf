import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { DEMO_AGENT_ID } from '../../seed/demo-agents.ts';
import { seedDemoData } from '../../seed/index.ts';
import { createTestApp, fixedClock, type TestApp } from '../../test/app.ts';
import { startS3Server, type S3TestServer } from '../../test/s3.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

/** The dashboard's download flow, end to end, with every file in an S3 bucket (a real s3rver). */
let s3: S3TestServer;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ clock: fixedClock('2026-03-10T17:00:00Z'), env: s3.env });
  expect(await seedDemoData({ db: t.database.db, storage: t.app.deps.storage, clock: t.clock, config: t.config })).toBe(
    true,
  );
  token = await mintAccessToken(t, { agentId: DEMO_AGENT_ID });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('files on S3', () => {
  it('keeps every demo document in the bucket', async () => {
    const rows = await t.database.db.select({ storageKey: files.storageKey }).from(files);
    expect(rows.length).toBeGreaterThan(0);
    expect(s3.storedKeys()).toEqual(expect.arrayContaining(rows.map((row) => row.storageKey)));
  });

  it('downloads a dashboard document: token, then the PDF streamed from the bucket, byte for byte', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const tile = list.json<{ files: { file: string | null }[] }>().files.find((f) => f.file);
    expect(tile).toBeDefined();

    const issued = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(token),
      payload: { file: tile!.file },
    });
    expect(issued.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/arc/download/${issued.json().token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=("[^"]+|[^";]+)\.pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const [row] = await t.database.db.select().from(files).where(eq(files.id, tile!.file!));
    const stored = await buffer(await t.app.deps.storage.get(row!.storageKey));
    expect(sha256(res.rawPayload)).toBe(sha256(stored));
  });
});
