import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { assertKey } from './storage-key.ts';

/** Where file bytes live. Every call streams; nothing holds a whole file in memory. */
export interface Storage {
  /** Writes the stream under `key`; a failed or interrupted write leaves nothing behind. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The bytes under `key`, or the inclusive byte `range` of them (HTTP Range requests); NOT_FOUND when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The stored size, or null when nothing is stored under `key`. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Local disk under `root`: writes go to a temporary file, which is flushed to the disk (fsync) and renamed into
 * place when complete, and the rename itself is flushed with its directory. A `put` that resolved survives a
 * crash or power loss: the row recorded after it never points at a file the disk did not keep.
 */
export function createDiskStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, fs.createWriteStream(temporary, { flags: 'wx', flush: true }));
        const { size } = await fs.promises.stat(temporary);
        await fs.promises.rename(temporary, target);
        await flushDirectory(path.dirname(target));
        return { size };
      } catch (err) {
        await fs.promises.rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const target = pathOf(key);
      try {
        const handle = await fs.promises.open(target, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND', 'File not found');
        throw err;
      }
    },
    async stat(key) {
      try {
        const { size } = await fs.promises.stat(pathOf(key));
        return { size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}

/** Makes a rename in `directory` durable (POSIX: the directory entry is only on disk once the directory is). */
async function flushDirectory(directory: string): Promise<void> {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The storage the config asks for: the S3 bucket when `S3_BUCKET` is set, else local disk under `DATA_DIR/files`. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) {
    // the S3 client (some 60 modules) loads only where S3 is configured
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage(config.s3);
  }
  return createDiskStorage(path.join(config.dataDir, 'files'));
}
