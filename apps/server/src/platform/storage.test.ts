import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { startS3Server, type S3TestServer } from '../test/s3.ts';
import { createDiskStorage, createStorage, type Storage } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-storage-'));
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `size` random bytes as a stream of uneven chunks, the way a network upload arrives. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7 + 13) % 300_000 || 1) {
        yield bytes.subarray(at, Math.min(at + step, bytes.length));
      }
    })(),
  );
}

async function* failingAfter(bytes: Buffer) {
  yield bytes;
  throw new Error('connection reset');
}

/**
 * The same suite for every backend: what comes back must hash like what went in (design §7: a streamed put
 * to an S3-compatible server once came back longer than it went in).
 */
const backends: [string, () => Promise<{ storage: Storage; listKeys: () => string[] }>][] = [
  [
    'disk',
    async () => ({
      storage: createDiskStorage(path.join(root, 'files')),
      listKeys: () =>
        fs
          .readdirSync(path.join(root, 'files'), { recursive: true, encoding: 'utf8' })
          .filter((entry) => fs.statSync(path.join(root, 'files', entry)).isFile())
          .sort(),
    }),
  ],
  [
    'S3 (s3rver)',
    async () => ({
      storage: await createStorage(loadConfig({ DATA_DIR: root, ...s3.env }, root)),
      listKeys: () => s3.storedKeys(),
    }),
  ],
];

describe.each(backends)('%s storage', (_name, open) => {
  let storage: Storage;
  let listKeys: () => string[];
  beforeAll(async () => {
    ({ storage, listKeys } = await open());
  });

  it('streams a file in and out', async () => {
    const { size } = await storage.put('docs/a.txt', Readable.from(['hello ', 'world']));
    expect(size).toBe(11);
    expect(await text(await storage.get('docs/a.txt'))).toBe('hello world');
  });

  it('lists every stored key, as the backup reads them (db/backup.ts)', async () => {
    await storage.put('listed/one.txt', Readable.from(['1']));
    await storage.put('listed/deeper/two.txt', Readable.from(['2']));
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys.sort()).toEqual(listKeys().sort());
    expect(keys).toEqual(expect.arrayContaining(['listed/one.txt', 'listed/deeper/two.txt']));
  });

  it('gives back exactly the bytes of a 12 MiB upload (a multipart one on S3)', async () => {
    const bytes = randomBytes(12 * 1024 * 1024);
    const { size } = await storage.put('videos/big.bin', chunked(bytes));
    expect(size).toBe(bytes.length);
    expect(await storage.stat('videos/big.bin')).toEqual({ size: bytes.length });
    expect(sha256(await buffer(await storage.get('videos/big.bin')))).toBe(sha256(bytes));
    const range = { start: 5 * 1024 * 1024 - 10, end: 5 * 1024 * 1024 + 9 };
    expect(sha256(await buffer(await storage.get('videos/big.bin', range)))).toBe(
      sha256(bytes.subarray(range.start, range.end + 1)),
    );
    await storage.delete('videos/big.bin');
  });

  it('leaves nothing behind when the source fails half-way, small or large', async () => {
    const before = listKeys();
    await expect(storage.put('docs/b.txt', Readable.from(failingAfter(Buffer.from('partial'))))).rejects.toThrow(
      'connection reset',
    );
    await expect(storage.put('docs/c.bin', Readable.from(failingAfter(randomBytes(11 * 1024 * 1024))))).rejects.toThrow(
      'connection reset',
    );
    expect(await storage.stat('docs/b.txt')).toBeNull();
    expect(await storage.stat('docs/c.bin')).toBeNull();
    expect(listKeys()).toEqual(before);
  });

  it('keeps the previous file when a replacement fails', async () => {
    await storage.put('docs/keep.txt', Readable.from(['first']));
    await expect(storage.put('docs/keep.txt', Readable.from(failingAfter(Buffer.from('second'))))).rejects.toThrow();
    expect(await text(await storage.get('docs/keep.txt'))).toBe('first');
  });

  it('reads an inclusive byte range and reports the stored size', async () => {
    await storage.put('docs/range.txt', Readable.from(['0123456789']));
    expect(await text(await storage.get('docs/range.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.get('docs/range.txt', { start: 9, end: 9 }))).toBe('9');
    expect(await storage.stat('docs/range.txt')).toEqual({ size: 10 });
    expect(await storage.stat('docs/none.txt')).toBeNull();
    await storage.delete('docs/range.txt');
    expect(await storage.stat('docs/range.txt')).toBeNull();
  });

  it('stores an empty file', async () => {
    expect(await storage.put('docs/empty.txt', Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.stat('docs/empty.txt')).toEqual({ size: 0 });
    expect(await text(await storage.get('docs/empty.txt'))).toBe('');
  });

  it('answers NOT_FOUND for a missing key, and deleting twice is no error', async () => {
    await expect(storage.get('docs/missing.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await storage.put('tmp/c.txt', Readable.from(['bye']));
    await storage.delete('tmp/c.txt');
    await storage.delete('tmp/c.txt');
    await expect(storage.get('tmp/c.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses keys that climb out, dot segments, backslashes or empty segments', async () => {
    await expect(storage.put('/abs', Readable.from(['x']))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    for (const key of ['../etc/passwd', 'a/../b', 'a\\b', 'a//b', '.hidden', '']) {
      await expect(storage.get(key), key).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(storage.stat(key), key).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('disk storage writes', () => {
  const storage = createDiskStorage(path.join(root, 'batched'));
  const folder = path.join(root, 'batched', 'up');
  const CHUNK = 64 * 1024;
  /** bytes the unfinished `.part` file holds so far (0 before it exists) */
  const partBytes = () => {
    const part = fs.existsSync(folder) ? fs.readdirSync(folder).find((name) => name.endsWith('.part')) : undefined;
    return part ? fs.statSync(path.join(folder, part)).size : 0;
  };
  /** `bytes` as 64 KiB chunks, the way a socket delivers an upload; notes how far reading ran ahead of the file */
  function socketLike(bytes: Buffer, failAt = Infinity) {
    const seen = { maxAhead: 0 };
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < bytes.length; at += CHUNK) {
          if (at >= failAt) throw new Error('connection reset');
          seen.maxAhead = Math.max(seen.maxAhead, at - partBytes());
          yield bytes.subarray(at, at + CHUNK);
        }
      })(),
    );
    return { source, seen };
  }

  it('stores 40 MiB of 64 KiB chunks byte for byte, reading never more than a few MiB ahead of the file', async () => {
    const bytes = randomBytes(40 * 1024 * 1024 + 5);
    const { source, seen } = socketLike(bytes);
    expect(await storage.put('up/big.bin', source)).toEqual({ size: bytes.length });
    expect(sha256(await buffer(await storage.get('up/big.bin')))).toBe(sha256(bytes));
    // one batch gathering and three writes running (1 MiB each), and one socket chunk waiting to be read
    expect(seen.maxAhead).toBeLessThanOrEqual(4 * 1024 * 1024 + CHUNK);
    expect(fs.readdirSync(folder)).toEqual(['big.bin']);
    await storage.delete('up/big.bin');
  });

  it('leaves nothing when the source fails after 20 MiB, with the first part already flushed', async () => {
    const { source } = socketLike(randomBytes(40 * 1024 * 1024), 20 * 1024 * 1024);
    await expect(storage.put('up/cut.bin', source)).rejects.toThrow('connection reset');
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('leaves nothing when the source is destroyed half-way without an error (a premature close)', async () => {
    const source = new PassThrough();
    const put = storage.put('up/closed.bin', source);
    source.write(randomBytes(3 * 1024 * 1024));
    // half-way: storage has begun writing the file
    await vi.waitFor(() => expect(partBytes()).toBeGreaterThan(0), { interval: 5 });
    source.destroy();
    await expect(put).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('stores every byte of a stream that was fully buffered before storage read it', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 7);
    const source = new PassThrough();
    // everything is buffered before storage starts reading (read chunk by chunk, not joined)
    for (let at = 0; at < bytes.length; at += 64 * 1024) source.write(bytes.subarray(at, at + 64 * 1024));
    source.end();
    expect(await storage.put('up/behind.bin', source)).toEqual({ size: bytes.length });
    expect(sha256(await buffer(await storage.get('up/behind.bin')))).toBe(sha256(bytes));
    await storage.delete('up/behind.bin');
  });
});

describe('S3 storage errors', () => {
  it('fails an upload to a bucket that does not exist, small or large, instead of waiting', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: root, ...s3.env, S3_BUCKET: 'no-such-bucket' }, root));
    await expect(storage.put('a.txt', Readable.from(['x']))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.put('b.bin', chunked(randomBytes(7 * 1024 * 1024)))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    expect(await storage.stat('a.txt')).toBeNull();
  });
});

describe('createStorage', () => {
  it('uses local disk under DATA_DIR/files without S3_BUCKET', async () => {
    const storage = await createStorage(loadConfig({ DATA_DIR: root }, root));
    await storage.put('where/am-i.txt', Readable.from(['here']));
    expect(fs.readFileSync(path.join(root, 'files', 'where', 'am-i.txt'), 'utf8')).toBe('here');
  });

  it('uses the bucket with S3_BUCKET, and nothing lands on disk', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-storage-s3-'));
    const storage = await createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }, dataDir));
    await storage.put('where/bucket.txt', Readable.from(['there']));
    expect(s3.storedKeys()).toContain('where/bucket.txt');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
