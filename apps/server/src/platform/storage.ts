import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { releaseChunk } from './request-body.ts';
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
  /** every stored key, in no particular order (the backup copies them all: db/backup.ts) */
  keys(): AsyncIterable<string>;
}

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Local disk under `root`: writes go to a temporary file, which is flushed to the disk (fsync) and renamed into
 * place when complete, and the rename itself is flushed with its directory. A `put` that resolved survives a
 * crash or power loss: the row recorded after it never points at a file the disk did not keep. Large writes are
 * batched and flushed as they arrive (`writeDurably`, docs/decisions/files.md).
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
      const handle = await fs.promises.open(temporary, 'wx');
      try {
        const size = await writeDurably(handle, body);
        await handle.close();
        await fs.promises.rename(temporary, target);
        await flushDirectory(path.dirname(target));
        return { size };
      } catch (err) {
        await handle.close().catch(() => undefined);
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
    async *keys() {
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        // a write still in progress is a `.part` file beside its key: not stored yet
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
  };
}

/** Bytes gathered into one write (writev): sixteen of the 64 KiB chunks a socket delivers make one system call. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** Writes running at once (each at its own offset): a slow write does not stop the socket being read at once. */
const WRITES_IN_FLIGHT = 3;
/** Bytes written after which the disk is asked to flush them (fdatasync) while the rest is still arriving. */
const EARLY_FLUSH_BYTES = 16 * 1024 * 1024;

/**
 * Writes the whole stream to the file and flushes it to the disk; answers the number of bytes.
 *
 * Network chunks are small (64 KiB). Written one by one through a write stream, each costs a system call and a
 * thread-pool round trip, and the stream's small buffer pauses the socket while each runs. Here they are
 * gathered into 1 MiB writes at explicit offsets, up to three running while the next gathers, so reading the
 * socket rarely waits for the disk. What is written is flushed to the disk (fdatasync) every 16 MiB while the
 * rest still arrives, so the final fsync, which the caller waits for, has only the last few MiB to flush.
 * Memory stays at a few MiB whatever the size: with three writes running the loop stops reading, and the
 * source's backpressure pauses the socket. Each chunk, once written, is released (`releaseChunk`): a request
 * body's own chunks are freed at once instead of waiting for a garbage collection (docs/decisions/files.md).
 */
async function writeDurably(handle: fs.promises.FileHandle, body: Readable): Promise<number> {
  let size = 0;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let sinceFlush = 0;
  let failure: unknown;
  const writes: Promise<void>[] = [];
  let flushing: Promise<void> | undefined;
  const fail = (err: unknown) => {
    failure ??= err;
  };
  const write = () => {
    const written = writeAll(handle, batch, size).catch(fail);
    writes.push(written);
    size += batchBytes;
    sinceFlush += batchBytes;
    batch = [];
    batchBytes = 0;
    if (sinceFlush >= EARLY_FLUSH_BYTES && !flushing) {
      sinceFlush = 0;
      // flushes what the writes so far stored; the last fsync covers everything
      flushing = Promise.all(writes)
        .then(() => handle.datasync())
        .catch(fail)
        .finally(() => (flushing = undefined));
    }
  };
  const settle = async (left: number) => {
    while (writes.length > left) await writes.shift();
    if (failure !== undefined) throw failure;
  };
  try {
    for await (const data of chunksOf(body)) {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes < WRITE_BATCH_BYTES) continue;
      await settle(WRITES_IN_FLIGHT - 1);
      write();
    }
    if (batchBytes > 0) write();
    await settle(0);
    await flushing;
    if (failure !== undefined) throw failure;
    await handle.sync();
    return size;
  } finally {
    // never leave a write or a flush running on a handle the caller is about to close
    await Promise.all(writes);
    await flushing;
  }
}

/** Bytes `chunksOf` takes ahead of its reader before it pauses the source: one socket chunk. */
const QUEUED_BYTES = 64 * 1024;

/**
 * The chunks of `body` one by one, each as its source pushed it. A Readable's own async iterator hands over
 * everything buffered at once, joined into a new Buffer (a copy) whenever the reader has fallen behind, which
 * under load is often: the chunks behind such a copy could then never be released early (`releaseChunk`).
 * Ends with the stream; throws its error, or a premature close, as the async iterator does; a consumer that
 * stops early destroys the stream, as the async iterator does.
 */
async function* chunksOf(body: Readable): AsyncGenerator<Uint8Array | string> {
  const queue: (Uint8Array | string)[] = [];
  let queued = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const onData = (chunk: Uint8Array | string) => {
    queue.push(chunk);
    queued += chunk.length;
    if (queued >= QUEUED_BYTES) body.pause();
    notify();
  };
  const onEnd = () => {
    ended = true;
    notify();
  };
  const onError = (err: unknown) => {
    failure ??= err;
    notify();
  };
  const onClose = () => {
    if (!ended)
      failure ??= body.errored ?? Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    notify();
  };
  if (body.errored) failure = body.errored;
  else if (body.readableEnded) ended = true;
  else if (body.destroyed) onClose();
  body.on('data', onData);
  body.on('end', onEnd);
  body.on('error', onError);
  body.on('close', onClose);
  try {
    for (;;) {
      if (failure !== undefined) throw failure;
      const chunk = queue.shift();
      if (chunk !== undefined) {
        queued -= chunk.length;
        if (queued < QUEUED_BYTES && body.isPaused() && !ended) body.resume();
        yield chunk;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    body.off('data', onData);
    body.off('end', onEnd);
    body.off('error', onError);
    body.off('close', onClose);
    if (!ended) body.destroy();
  }
}

/**
 * Writes every byte of `buffers` at `position` (a write may store fewer bytes than asked), then releases them:
 * nothing reads a chunk after its write.
 */
async function writeAll(handle: fs.promises.FileHandle, buffers: Uint8Array[], position: number): Promise<void> {
  const total = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  let written = (await handle.writev(buffers, position)).bytesWritten;
  if (written < total) {
    const all = Buffer.concat(buffers);
    while (written < total) {
      written += (await handle.write(all, written, total - written, position + written)).bytesWritten;
    }
  }
  for (const buffer of buffers) releaseChunk(buffer);
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
    // The S3 client loads only where S3 is configured: the AWS SDK is some 60 modules and about 6 MB of heap
    // (which every full garbage collection walks), for nothing on a server that stores on disk.
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage(config.s3);
  }
  return createDiskStorage(path.join(config.dataDir, 'files'));
}
