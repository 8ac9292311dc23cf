import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { ENROLLMENT_MAX_BYTES } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enrollments, files } from '../../db/schema/index.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import {
  generatedFile,
  multipart,
  postMultipart,
  requestsInFlight,
  sendPartOfMultipart,
} from '../../test/multipart.ts';
import { startS3Server, type S3TestServer } from '../../test/s3.ts';
import { bearer } from '../../test/tokens.ts';

/** The enrollment upload with files in an S3 bucket (a real s3rver): the same limits, nothing left behind. */
let s3: S3TestServer;
let t: AgentApp;
let token: string;
let agentId: string;
let baseUrl: string;
let inFlight: () => number;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createAgentApp({ env: s3.env });
  ({ id: agentId, token } = t.agent);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  inFlight = requestsInFlight(t.app.server);
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const openConnections = () =>
  new Promise<number>((resolve) => t.app.server.getConnections((_err, count) => resolve(count)));

const rowsOf = async () => ({
  enrollments: await t.database.db.select().from(enrollments).where(eq(enrollments.agentId, agentId)),
  files: await t.database.db.select().from(files).where(eq(files.ownerAgentId, agentId)),
});
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function hashOfGenerated(size: number): Promise<string> {
  const hash = createHash('sha256');
  for (const chunk of generatedFile(size)) hash.update(chunk);
  return hash.digest('hex');
}

const upload = (size: number, head?: string) =>
  postMultipart(
    `${baseUrl}/arc/agent/enrollments`,
    multipart([
      { name: 'radio1', value: 'newapp' },
      { name: 'enrollment', filename: 'large.pdf', body: generatedFile(size, head) },
    ]),
    bearer(token),
  );

const waitFor = (check: () => boolean | Promise<boolean>, timeout = 15_000) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 50 });

describe('POST /arc/agent/enrollments on S3', () => {
  it('stores exactly 104857600 bytes in the bucket, byte for byte', async () => {
    const res = await upload(ENROLLMENT_MAX_BYTES);
    expect(res.status).toBe(201);
    const rows = await rowsOf();
    expect(rows.files).toHaveLength(1);
    expect(s3.storedKeys()).toEqual([rows.files[0]!.storageKey]);
    const stored = await buffer(await t.app.deps.storage.get(rows.files[0]!.storageKey));
    expect(stored.length).toBe(ENROLLMENT_MAX_BYTES);
    expect(sha256(stored)).toBe(await hashOfGenerated(ENROLLMENT_MAX_BYTES));
    await t.database.db.delete(enrollments).where(eq(enrollments.agentId, agentId));
    await t.database.db.delete(files).where(eq(files.ownerAgentId, agentId));
    await t.app.deps.storage.delete(rows.files[0]!.storageKey);
    expect(s3.storedKeys()).toEqual([]);
  }, 120_000);

  it('cuts off one byte more with 413: no object and no row', async () => {
    const res = await upload(ENROLLMENT_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    await waitFor(() => s3.storedKeys().length === 0);
    expect(await rowsOf()).toEqual({ enrollments: [], files: [] });
  }, 120_000);

  it('refuses a PNG renamed to .pdf with 415: no object and no row', async () => {
    const res = await upload(20 * 1024 * 1024, '\x89PNG\r\n\x1a\n');
    expect(res.status).toBe(415);
    // the rest of the body is read and dropped, then the server closes the connection: none is left hanging
    await waitFor(async () => (await openConnections()) === 0, 10_000);
    expect(s3.storedKeys()).toEqual([]);
    expect(await rowsOf()).toEqual({ enrollments: [], files: [] });
  }, 60_000);

  it('keeps nothing when the connection drops half-way', async () => {
    const half = 30 * 1024 * 1024;
    const dropped = sendPartOfMultipart(
      `${baseUrl}/arc/agent/enrollments`,
      multipart([
        { name: 'radio1', value: 'newapp' },
        { name: 'enrollment', filename: 'dropped.pdf', body: generatedFile(60 * 1024 * 1024) },
      ]),
      bearer(token),
      half,
    );
    await waitFor(() => dropped.sent() >= half);
    // the server takes in what was sent: several 5 MiB parts reach the bucket's multipart upload
    await waitFor(() => s3.uploadedParts() >= 2);
    dropped.drop();
    // the server has seen the connection go and is done with the request
    await waitFor(() => inFlight() === 0);
    expect(s3.storedKeys()).toEqual([]);
    expect(await rowsOf()).toEqual({ enrollments: [], files: [] });
  }, 60_000);
});
