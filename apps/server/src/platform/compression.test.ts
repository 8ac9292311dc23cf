import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { compressionPlugin, INLINE_COMPRESSION_LIMIT, preferredEncoding } from './compression.ts';

const BIG_TEXT = 'Agent Resource Center '.repeat(200);
const SCRIPT = `export const text = ${JSON.stringify(BIG_TEXT)};\n`;

/** A web build as apps/web/build/plugins.ts leaves it: index.html, a hashed script with .br and .gz beside it. */
function writeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const html = `<!doctype html><html><head><title>ARC</title></head><body>${'<p>ARC</p>'.repeat(200)}</body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  const script = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 1));
  return dir;
}

describe('compression of the web app and the API', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeWebDist();
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the precompressed brotli file of a hashed asset, immutable, varying on Accept-Encoding', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the gzip file to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('never compresses an image', async () => {
    const res = await t.app.inject({ url: '/assets/logo-abc123.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
  });

  it('compresses the HTML of an app route on the fly, and keeps it uncached', async () => {
    const res = await t.app.inject({
      url: '/training/videos',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<title>ARC</title>');
    expect(html).toContain('providerName');
  });

  it('compresses a JSON answer above 1 KB with gzip when brotli is not offered', async () => {
    const res = await t.app.inject({ url: '/arc/counties/TX', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const counties = JSON.parse(zlib.gunzipSync(res.rawPayload).toString()) as unknown[];
    expect(counties.length).toBe(254);
  });

  it('sends a small JSON answer as it is', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('sends the JSON as it is to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ url: '/arc/counties/TX' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<unknown[]>().length).toBe(254);
  });
});

describe('compression of downloads', () => {
  const app = Fastify();
  const bytes = Buffer.from(BIG_TEXT.repeat(4));
  const large = Buffer.from(BIG_TEXT.repeat(10));
  beforeAll(async () => {
    await app.register(compressionPlugin);
    const download = (type: string) => async (_request: unknown, reply: FastifyReply) => reply.type(type).send(bytes);
    app.get('/xlsx', download('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    app.get('/pdf', download('application/pdf'));
    app.get('/octet', download('application/octet-stream'));
    app.get('/mp4', download('video/mp4'));
    app.get('/csv', download('text/csv; charset=utf-8'));
    app.get('/csv-large', async (_request, reply) => reply.type('text/csv; charset=utf-8').send(large));
    app.get('/stream', async (_request, reply) => reply.type('text/plain').send(Readable.from([bytes])));
    app.get('/csv.gz', async (_request, reply) =>
      reply.type('text/csv').header('content-encoding', 'gzip').send(zlib.gzipSync(bytes)),
    );
    app.get('/range', async (_request, reply) =>
      reply
        .code(206)
        .type('text/plain')
        .header('content-range', `bytes 0-1999/${bytes.length}`)
        .send(bytes.subarray(0, 2000)),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });

  it.each(['/xlsx', '/pdf', '/octet', '/mp4'])('sends %s as it is', async (url) => {
    const res = await get(url);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('compresses a text download (CSV) up to 32 KB at once with gzip, keeping a Content-Length', async () => {
    expect(bytes.length).toBeLessThanOrEqual(INLINE_COMPRESSION_LIMIT);
    const res = await get('/csv');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(zlib.gunzipSync(res.rawPayload).equals(bytes)).toBe(true);
  });

  it('compresses a small answer with brotli for a client that takes brotli only', async () => {
    const res = await app.inject({ url: '/csv', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(bytes)).toBe(true);
  });

  it('compresses a larger answer with brotli, keeping a Content-Length', async () => {
    expect(large.length).toBeGreaterThan(INLINE_COMPRESSION_LIMIT);
    const res = await get('/csv-large');
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(large)).toBe(true);
  });

  it('compresses a larger answer with gzip for a client that takes gzip only', async () => {
    const res = await app.inject({ url: '/csv-large', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).equals(large)).toBe(true);
  });

  it('compresses a streamed answer with brotli as it flows', async () => {
    const res = await get('/stream');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(bytes)).toBe(true);
  });

  it('never compresses an answer that is already encoded', async () => {
    const res = await get('/csv.gz');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).equals(bytes)).toBe(true);
  });

  it('never compresses a byte range', async () => {
    const res = await get('/range');
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(bytes.subarray(0, 2000))).toBe(true);
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
    ['gzip;q=0', undefined],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
