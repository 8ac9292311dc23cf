import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentApp, type AgentApp } from '../test/agent-app.ts';
import { multipart } from '../test/multipart.ts';
import { bearer } from '../test/tokens.ts';
import { BODY_TIMEOUT_MESSAGE } from './slow-clients.ts';

/** Slow clients on a real listening server (issue 43): a short body deadline and a small connection limit. */
const BODY_TIMEOUT_MS = 1000;
const CONNECTIONS = 4;
let t: AgentApp;
let port = 0;

beforeAll(async () => {
  t = await createAgentApp({
    env: { BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), CONNECTIONS_PER_ADDRESS: String(CONNECTIONS) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface RawExchange {
  socket: net.Socket;
  /** everything the server sent, once it closed the connection, and when */
  closed: Promise<{ text: string; at: number }>;
}

/** A raw connection (node:net) that sends `head` and then a byte every `everyMs` until the server closes it. */
function trickle(head: string, everyMs: number): RawExchange {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write('a');
  }, everyMs);
  const closed = new Promise<{ text: string; at: number }>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ text, at: Date.now() });
    });
  });
  return { socket, closed };
}

/** resolves with `value` after `ms`, or with the promise's own answer before */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(resolve, ms, 'still open'))]);

describe('a body that does not arrive in time (BODY_TIMEOUT_MS)', () => {
  it('answers 408 and closes the connection of a body trickled to POST /arc/soa-signing', async () => {
    const started = Date.now();
    const head =
      'POST /arc/soa-signing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Authorization: Bearer link-token\r\nContent-Length: 5000\r\n\r\n{"a":"';
    const exchange = trickle(head, 200);
    const outcome = await within(exchange.closed, BODY_TIMEOUT_MS + 1500);
    exchange.socket.destroy();
    expect(outcome).not.toBe('still open');
    const { text, at } = outcome as { text: string; at: number };
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: BODY_TIMEOUT_MESSAGE,
    });
    expect(at - started).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(at - started).toBeLessThan(BODY_TIMEOUT_MS + 1500);
  });

  it('closes the connection of a trickled body nobody reads (answered before it, or sent chunked)', async () => {
    const heads = [
      // refused at the credential check, before the body is read
      'POST /arc/agent/soa HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
      // no such route
      'POST /arc/nothing-here HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
      // a chunked body, a chunk a time
      'POST /arc/soa-signing HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n',
    ];
    const started = Date.now();
    const outcomes = await Promise.all(
      heads.map(async (head) => {
        const exchange = trickle(head, 200);
        const outcome = await within(exchange.closed, BODY_TIMEOUT_MS + 1500);
        exchange.socket.destroy();
        return outcome === 'still open' ? outcome : 'closed';
      }),
    );
    expect(outcomes).toEqual(['closed', 'closed', 'closed']);
    expect(Date.now() - started).toBeLessThan(BODY_TIMEOUT_MS + 1500);
  });

  it('lets an upload (POST /arc/agent/avatar) that keeps coming take longer than the deadline', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c81e3c' } })
      .png()
      .toBuffer();
    const form = multipart([{ name: 'pictures', filename: 'me.png', contentType: 'image/png', body: png }]);
    const body = form.buffer();
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/arc/agent/avatar',
          agent: false,
          headers: {
            ...bearer(t.agent.token),
            'content-type': form.contentType,
            'content-length': String(body.length),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      let sent = 0;
      const next = () => {
        request.write(body.subarray(sent * size, (sent + 1) * size));
        sent += 1;
        if (sent < pieces) setTimeout(next, 180);
        else request.end();
      };
      next();
    });
    expect(Date.now() - started).toBeGreaterThan(BODY_TIMEOUT_MS + 500);
    expect(status).toBe(201);
  });
});

describe('connections per address (CONNECTIONS_PER_ADDRESS)', () => {
  it('refuses a connection past the limit from one address with 429 and closes it; one closing makes room', async () => {
    const connect = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', reject);
      });
    const held: net.Socket[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) held.push(await connect());
    const extra = await connect();
    let text = '';
    extra.setEncoding('latin1');
    extra.on('data', (chunk: string) => (text += chunk));
    extra.on('error', () => undefined);
    const closed = await within(new Promise((resolve) => extra.on('close', () => resolve('closed'))), 1000);
    expect(closed).toBe('closed');
    expect(text).toMatch(/^HTTP\/1\.1 429 /);

    // the connections held still work
    const ask = (socket: net.Socket) =>
      new Promise<string>((resolve) => {
        let answer = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          answer += chunk;
          if (answer.includes('\r\n\r\n')) resolve(answer);
        });
        socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      });
    expect(await ask(held[0]!)).toMatch(/^HTTP\/1\.1 200 /);
    held.pop()!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connect();
    expect(await ask(again)).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of [...held, again]) socket.destroy();
  });
});
