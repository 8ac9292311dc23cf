import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enrollments, files } from '../db/schema/index.ts';
import { generatedFile, multipart } from '../test/multipart.ts';
import { prepareServer, type PreparedServer } from '../test/prepared-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { bearer } from '../test/tokens.ts';

/**
 * SIGTERM to the real server process while an enrollment upload streams in: the upload completes and is
 * recorded, new connections are refused, the database is closed and the exit code is 0. When the upload
 * outlasts SHUTDOWN_GRACE_MS it is cut, and nothing of it remains (no file, no row); the exit code is 1.
 * The signal goes only once the server is storing the file, however long a slow machine takes to get there:
 * the upload holds its next chunk until then.
 */
const CHUNK = 512 * 1024;

/**
 * Streams a `size`-byte PDF upload to the server on `port`, one 512 KiB chunk every `paceMs`; `onChunk` runs
 * after each chunk, and the next chunk waits for the promise it returns.
 */
function slowUpload(
  port: number,
  token: string,
  size: number,
  paceMs: number,
  onChunk: () => Promise<void>,
): Promise<{ status: number; body: string }> {
  const body = multipart([
    { name: 'radio1', value: 'newapp' },
    { name: 'enrollment', filename: 'slow.pdf', body: generatedFile(size) },
  ]);
  return new Promise((resolve, reject) => {
    const request = http.request(`http://127.0.0.1:${port}/arc/agent/enrollments`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': body.contentType },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    const source = body.stream();
    let pending = Buffer.alloc(0);
    source.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < CHUNK) return;
      source.pause();
      const piece = pending;
      pending = Buffer.alloc(0);
      request.write(piece);
      onChunk().then(
        () => setTimeout(() => source.resume(), paceMs),
        (error: unknown) => {
          request.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    source.on('end', () => request.end(pending));
  });
}

/** true once the server is writing an upload to storage: it has taken the request in */
const isStoring = (dataDir: string) => {
  const dir = path.join(dataDir, 'files', 'enrollments');
  return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.endsWith('.part'));
};

/**
 * Waits until the server is storing the upload, or has answered already (the test then reads the answer); fails
 * after `timeoutMs` with what the server printed.
 */
async function untilStoring(
  prepared: PreparedServer,
  server: ServerProcess,
  isAnswered: () => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!isStoring(prepared.dataDir) && !isAnswered()) {
    if (Date.now() > deadline) {
      throw new Error(`the server did not start storing the upload in ${timeoutMs} ms:\n${server.output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** true when a new connection is refused (`agent: false`: never a kept-alive socket of an earlier call) */
const isRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      resolve(false);
    });
    request.on('error', () => resolve(true));
  });

let prepared: PreparedServer | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  // a test that failed half-way leaves no server behind
  server?.kill('SIGKILL');
  await server?.exited;
  server = undefined;
  await prepared?.cleanup();
  prepared = undefined;
});

describe('SIGTERM (graceful shutdown of the real server process)', () => {
  it('finishes the upload in flight, refuses new connections, closes the database and exits 0', async () => {
    const p = (prepared = await prepareServer());
    const started = (server = await startServerProcess(p.env));
    let hasSignalled = false;
    let isAnswered = false;
    let refusedWhileClosing = false;
    const size = 8 * 1024 * 1024;
    const answer = await slowUpload(p.port, p.token, size, 80, async () => {
      if (hasSignalled) return;
      await untilStoring(p, started, () => isAnswered);
      if (isAnswered) return;
      hasSignalled = true;
      started.kill('SIGTERM');
      // a loaded machine may take a while to deliver the signal: ask until refused, counted only while the
      // upload is still unanswered (once it is, the server exits and refuses anyway)
      void (async () => {
        while (!isAnswered && !refusedWhileClosing) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const isRefusedNow = await isRefused(p.port);
          refusedWhileClosing = isRefusedNow && !isAnswered;
        }
      })();
    }).finally(() => {
      isAnswered = true;
    });
    expect(answer.status, answer.body).toBe(201);
    expect(hasSignalled).toBe(true);
    expect(await started.exited).toBe(0);
    expect(refusedWhileClosing).toBe(true);
    const lines = started.output.filter((line) => /shutting down|stopped/.test(line));
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'shutting down: finishing requests in flight',
      'stopped',
    ]);
    // the database was closed cleanly: it opens again and holds the upload with its file
    const database = await p.reopen();
    const rows = await database.db.select().from(enrollments);
    const stored = await database.db.select().from(files);
    await database.close();
    expect(rows).toHaveLength(1);
    expect(stored.map((f) => f.size)).toEqual([size]);
    expect(fs.readdirSync(path.join(p.dataDir, 'files', 'enrollments'))).toHaveLength(1);
    console.log(
      `graceful shutdown: 1 SIGTERM during a ${size / 1024 / 1024} MiB upload; the upload completed (201, 1 row, ` +
        `1 file), new connections refused, exit 0`,
    );
  }, 90_000);

  it('cuts an upload that outlasts SHUTDOWN_GRACE_MS and keeps nothing of it', async () => {
    const p = (prepared = await prepareServer());
    const started = (server = await startServerProcess({ ...p.env, SHUTDOWN_GRACE_MS: '300' }));
    let hasSignalled = false;
    let isAnswered = false;
    const upload = slowUpload(p.port, p.token, 16 * 1024 * 1024, 100, async () => {
      if (hasSignalled) return;
      await untilStoring(p, started, () => isAnswered);
      if (isAnswered) return;
      hasSignalled = true;
      started.kill('SIGTERM');
    }).finally(() => {
      isAnswered = true;
    });
    await expect(upload).rejects.toThrow(/ECONNRESET|socket hang up|EPIPE/);
    expect(hasSignalled).toBe(true);
    expect(await started.exited).toBe(1);
    const database = await p.reopen();
    const rows = await database.db.select().from(enrollments);
    const stored = await database.db.select().from(files);
    await database.close();
    expect({ rows: rows.length, files: stored.length }).toEqual({ rows: 0, files: 0 });
    const dir = path.join(p.dataDir, 'files', 'enrollments');
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    console.log('graceful shutdown: 1 SIGTERM with an upload past the grace period; cut, 0 rows, 0 files, exit 1');
  }, 90_000);
});
