import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { markBodyChunks, releaseChunk } from './request-body.ts';
import { createDiskStorage } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-request-body-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real HTTP server on loopback whose handler gets the request; answers 204 once `handle` resolves. */
async function withServer(handle: (request: IncomingMessage) => Promise<void>, send: (url: string) => Promise<void>) {
  const server = http.createServer((request, response) => {
    handle(request).then(
      () => response.writeHead(204).end(),
      (err: unknown) => response.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Every chunk pushed into `request` from now on, seen without reading the stream or changing how it flows. */
function pushedChunks(request: IncomingMessage): Buffer[] {
  const chunks: Buffer[] = [];
  const push = request.push;
  request.push = function pushSeen(chunk: Buffer | null, encoding?: BufferEncoding) {
    if (chunk) chunks.push(chunk);
    return push.call(this, chunk, encoding);
  };
  return chunks;
}

/** POSTs `body` in 1 MiB writes; resolves with the status. */
function post(url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-length': String(body.length) } });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    for (let at = 0; at < body.length; at += 1024 * 1024) request.write(body.subarray(at, at + 1024 * 1024));
    request.end();
  });
}

describe('releaseChunk', () => {
  it('leaves every buffer that was not marked as a request body chunk alone', () => {
    const whole = Buffer.alloc(64 * 1024, 1);
    const pooled = Buffer.from('a small pooled buffer');
    const slice = Buffer.alloc(1024, 2).subarray(10, 20);
    for (const chunk of [whole, pooled, slice]) releaseChunk(chunk);
    expect(whole.length).toBe(64 * 1024);
    expect(whole[0]).toBe(1);
    expect(pooled.toString()).toBe('a small pooled buffer');
    expect(slice.length).toBe(10);
  });
});

describe('markBodyChunks', () => {
  it('ignores a request that did not come over a real socket (app.inject)', () => {
    const stream = new PassThrough();
    markBodyChunks(Object.assign(stream, { socket: {} }) as unknown as IncomingMessage);
    const chunk = Buffer.alloc(64 * 1024, 3);
    stream.write(chunk);
    releaseChunk(chunk);
    expect(chunk.length).toBe(64 * 1024);
  });

  it('lets storage free the body chunks it has written, and the file keeps every byte', async () => {
    const body = randomBytes(8 * 1024 * 1024 + 12_345);
    const storage = createDiskStorage(path.join(root, 'files'));
    let seen: Buffer[] = [];
    await withServer(
      async (request) => {
        markBodyChunks(request);
        seen = pushedChunks(request);
        const { size } = await storage.put('body.bin', request);
        expect(size).toBe(body.length);
      },
      async (url) => expect(await post(url, body)).toBe(204),
    );
    expect(sha256(fs.readFileSync(path.join(root, 'files', 'body.bin')))).toBe(sha256(body));
    // the parser's chunks were written and freed: their memory is gone, every view of them empty
    const released = seen.filter((chunk) => chunk.length === 0).length;
    expect(seen.length).toBeGreaterThan(10);
    expect(released).toBeGreaterThan(seen.length / 2);
  });

  it('does not start the body flowing: a consumer that starts late still gets every byte', async () => {
    const body = randomBytes(4 * 1024 * 1024);
    const storage = createDiskStorage(path.join(root, 'files'));
    await withServer(
      async (request) => {
        markBodyChunks(request);
        // the consumer starts only once body bytes wait unread
        await vi.waitFor(() => expect(request.readableLength).toBeGreaterThan(0), { interval: 5 });
        expect((await storage.put('late.bin', request)).size).toBe(body.length);
      },
      async (url) => expect(await post(url, body)).toBe(204),
    );
    expect(sha256(fs.readFileSync(path.join(root, 'files', 'late.bin')))).toBe(sha256(body));
  });

  it('leaves chunks alone that nothing wrote: a body read and dropped keeps its bytes', async () => {
    const body = randomBytes(1024 * 1024);
    const seen: Buffer[] = [];
    await withServer(
      async (request) => {
        markBodyChunks(request);
        for await (const chunk of request) seen.push(chunk as Buffer);
      },
      async (url) => expect(await post(url, body)).toBe(204),
    );
    expect(sha256(Buffer.concat(seen))).toBe(sha256(body));
  });
});
