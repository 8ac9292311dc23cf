import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDiskStorage, createStorage } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('disk storage', () => {
  const storage = createDiskStorage(root);

  it('streams a file in and out', async () => {
    const { size } = await storage.put('docs/a.txt', Readable.from(['hello ', 'world']));
    expect(size).toBe(11);
    expect(await text(await storage.get('docs/a.txt'))).toBe('hello world');
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    async function* failing() {
      yield 'partial';
      throw new Error('connection reset');
    }
    await expect(storage.put('docs/b.txt', Readable.from(failing()))).rejects.toThrow('connection reset');
    expect(fs.readdirSync(path.join(root, 'docs'))).toEqual(['a.txt']);
  });

  it('refuses keys that climb out of its folder', async () => {
    await expect(storage.get('../etc/passwd')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(storage.put('/abs', Readable.from(['x']))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('reads an inclusive byte range and reports the stored size', async () => {
    await storage.put('docs/range.txt', Readable.from(['0123456789']));
    expect(await text(await storage.get('docs/range.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await storage.stat('docs/range.txt')).toEqual({ size: 10 });
    expect(await storage.stat('docs/none.txt')).toBeNull();
    await storage.delete('docs/range.txt');
  });

  it('answers NOT_FOUND for a missing key', async () => {
    await expect(storage.get('docs/missing.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('createStorage', () => {
  it('stops the start with a clear message when S3 is configured', () => {
    const config = loadConfig({ DATA_DIR: root, S3_BUCKET: 'arc-files' }, root);
    expect(() => createStorage(config)).toThrow('S3_BUCKET is set but S3 storage is not available in this build');
  });

  it('deletes a stored file, and deleting it again is no error', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: root }, root));
    await storage.put('tmp/c.txt', Readable.from(['bye']));
    await storage.delete('tmp/c.txt');
    await storage.delete('tmp/c.txt');
    await expect(storage.get('tmp/c.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses keys with dot segments, backslashes or empty segments', async () => {
    const storage = createDiskStorage(root);
    for (const key of ['a/../b', 'a\\b', 'a//b', '.hidden', '']) {
      await expect(storage.get(key), key).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
