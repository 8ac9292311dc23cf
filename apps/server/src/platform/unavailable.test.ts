import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The HTTP/1.1 responses in `raw`, in order (each with a Content-Length, as every answer here has). */
function parseResponses(raw: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length']);
    responses.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: rest.slice(headEnd + 4, headEnd + 4 + length),
    });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}

/**
 * A kept-alive connection to `app` with a request in flight (its body still arriving) when the server starts to
 * close: resolves once closing has begun (the server's request listener swapped for the one that answers 503).
 * `finish` sends the rest of the body and whatever follows it on the same connection.
 */
async function requestInFlightWhileClosing(app: TestApp['app']) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  const fastifyListeners = app.server.listeners('request');
  const received = new Promise((resolve) => app.server.once('request', resolve));
  await new Promise((resolve) => socket.once('connect', resolve));
  const body = JSON.stringify({ agentNum: '99999999', action: 'forgotpassword' });
  socket.write(
    `POST /arc/forgotpassword HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await received;
  const closed = app.close();
  await vi.waitFor(() => expect(app.server.listeners('request')).not.toContain(fastifyListeners[0]), {
    interval: 5,
  });
  return {
    finish: (then = '') => socket.write(`${body.slice(5)}${then}`),
    closed,
    ended,
    responses: () => parseResponses(raw),
  };
}

describe('while the server shuts down', () => {
  it('answers a request on a kept-open connection 503 with Retry-After, like a database outage', async () => {
    const connection = await requestInFlightWhileClosing(t.app);
    // the rest of its body, then a second request on the same connection
    connection.finish('GET /arc/user/info HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await connection.closed;
    await connection.ended;

    const [first, second] = connection.responses();
    expect(first?.status).toBe(200);
    expect(second).toMatchObject({ status: 503, headers: { 'retry-after': '5', connection: 'close' } });
    expect(JSON.parse(second!.body)).toEqual({ code: 'UNAVAILABLE', message: MESSAGES.serviceUnavailable });
  });

  it('closes a kept-alive connection as soon as its request in flight is answered, not at the keep-alive timeout', async () => {
    const other = await createTestApp();
    try {
      const connection = await requestInFlightWhileClosing(other.app);
      // the rest of the body, and then nothing: the client keeps the connection (keep-alive) for a next request
      connection.finish();
      const started = performance.now();
      await connection.ended;
      await connection.closed;
      expect(connection.responses()[0]?.status).toBe(200);
      // the server closed it once answered (the keep-alive timeout is 72 s)
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('closes a connection that has sent nothing yet at once, not at the headers timeout', async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.app.server.address() as AddressInfo;
      // connected (a browser's preconnect, a health checker's), no request written
      const accepted = new Promise((resolve) => other.app.server.once('connection', resolve));
      const socket = net.connect(port, '127.0.0.1');
      const ended = new Promise((resolve) => socket.on('close', resolve));
      await accepted;
      const started = performance.now();
      await other.app.close();
      await ended;
      // Node's headers timeout, which would close it otherwise, is 60 s
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await other.close();
    }
  }, 90_000);
});
