import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './storage.ts';

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

  it('answers NOT_FOUND for a missing key', async () => {
    await expect(storage.get('docs/missing.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
