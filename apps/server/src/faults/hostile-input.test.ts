import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedFile, multipart } from '../test/multipart.ts';
import { prepareServer, type PreparedServer } from '../test/prepared-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { bearer } from '../test/tokens.ts';

/**
 * The real server process under input meant to hold it: the server keeps answering everyone else, and the
 * hostile call is answered (or cut) promptly.
 */
let prepared: PreparedServer | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  server = undefined;
  await prepared?.cleanup();
  prepared = undefined;
});

/** how long `call` took to settle, in ms, and what it answered */
async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

describe('GET /arc/geo/address-suggestions (real server process)', () => {
  it('answers a query of repeated separators at once, and /readyz answers within a second meanwhile', async () => {
    const p = (prepared = await prepareServer());
    const started = (server = await startServerProcess(p.env));
    const search = (q: string) =>
      timed(async () => {
        const res = await fetch(`${started.url}/arc/geo/address-suggestions?${new URLSearchParams({ q })}`, {
          headers: bearer(p.token),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, body: await res.json() };
      });
    // warm: the first calls of a fresh process load and compile the route's code
    expect((await search('123 Main St Madis')).value.status).toBe(200);
    expect((await fetch(`${started.url}/readyz`)).status).toBe(200);
    // the query (188 characters) and the longest one the contract accepts, five of each at once
    const hostile = [`${'& '.repeat(90)}County R`, `${'& '.repeat(71)}County R`];
    const calls = hostile.flatMap((q) => Array.from({ length: 5 }, () => search(q)));
    const ready = await timed(async () => (await fetch(`${started.url}/readyz`)).status);
    const answers = await Promise.all(calls);
    expect(ready).toMatchObject({ value: 200 });
    expect(ready.ms).toBeLessThan(1000);
    expect(answers.map((a) => a.value.status)).toEqual([...Array<number>(5).fill(400), ...Array<number>(5).fill(200)]);
    expect(answers[0]!.value.body).toMatchObject({ message: expect.stringContaining('at most 150 characters') });
    expect(answers[9]!.value.body).toEqual({ suggestions: [] });
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2000);
  }, 90_000);
});

/** Sends `head` on a new connection and waits for the server to close it; answers the ms it took and what came. */
function untilClosed(port: number, head: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = '';
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(head));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ ms: performance.now() - started, answer }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept a silent connection open for 20 s'));
    }, 20_000);
  });
}

describe('slow requests (real server process)', () => {
  it('closes a connection that sends headers and then nothing, after CONNECTION_IDLE_TIMEOUT_MS', async () => {
    const p = (prepared = await prepareServer());
    server = await startServerProcess({ ...p.env, CONNECTION_IDLE_TIMEOUT_MS: '1500' });
    const head =
      'POST /arc/agent/enrollments HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: Bearer ${p.token}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
      'Content-Length: 104857600\r\n\r\n';
    const silent = await Promise.all(Array.from({ length: 20 }, () => untilClosed(p.port, head)));
    for (const { ms } of silent) {
      expect(ms).toBeGreaterThan(1400);
      expect(ms).toBeLessThan(10_000);
    }
    // the server still answers
    expect((await fetch(`http://127.0.0.1:${p.port}/readyz`)).status).toBe(200);
  }, 90_000);

  it('still takes an upload that arrives slowly for longer than the idle timeout, as long as it keeps coming', async () => {
    const p = (prepared = await prepareServer());
    server = await startServerProcess({ ...p.env, CONNECTION_IDLE_TIMEOUT_MS: '1000' });
    const form = multipart([
      { name: 'radio1', value: 'newapp' },
      { name: 'enrollment', filename: 'slow.pdf', body: generatedFile(1024 * 1024) },
    ]);
    const body = form.buffer();
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`http://127.0.0.1:${p.port}/arc/agent/enrollments`, {
        method: 'POST',
        headers: { ...bearer(p.token), 'content-type': form.contentType, 'content-length': body.length },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      // 64 KiB every 150 ms: about 430 KB/s, nearly 2.5 s in all
      const CHUNK = 64 * 1024;
      let offset = 0;
      const next = () => {
        request.write(body.subarray(offset, offset + CHUNK));
        offset += CHUNK;
        if (offset < body.length) setTimeout(next, 150);
        else request.end();
      };
      next();
    });
    expect(status).toBe(201);
    expect(performance.now() - started).toBeGreaterThan(2000);
  }, 90_000);
});
