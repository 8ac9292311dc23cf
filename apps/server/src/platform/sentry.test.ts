import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { AppError } from './errors.ts';
import { flushSentry, startSentry } from './sentry.ts';

// a stand-in Sentry: every envelope the SDK posts, as text
const envelopes: string[] = [];
const sentry = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const app = Fastify({ logger: false });
app.setErrorHandler(errorHandler);
app.get('/arc/broken/:id', async () => {
  throw new Error('the database said no');
});
app.get('/arc/refused', async () => {
  throw new AppError('NOT_FOUND', 'Not found');
});

beforeAll(async () => {
  sentry.listen(0, '127.0.0.1');
  await once(sentry, 'listening');
  const { port } = sentry.address() as AddressInfo;
  await startSentry({ dsn: `http://publickey@127.0.0.1:${port}/7` });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  sentry.close();
});

describe('the server’s errors in Sentry (SENTRY_DSN)', () => {
  it('captures a 5xx with its route and request id, and nothing for a 4xx', async () => {
    expect((await app.inject({ method: 'GET', url: '/arc/refused' })).statusCode).toBe(404);
    const res = await app.inject({ method: 'GET', url: '/arc/broken/secret-id' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
    await flushSentry();
    const events = envelopes.filter((envelope) => envelope.includes('"type":"event"'));
    expect(events).toHaveLength(1);
    const event = JSON.parse(events[0]!.split('\n')[2]!);
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'the database said no' });
    expect(event.tags).toMatchObject({ route: '/arc/broken/:id', method: 'GET' });
    expect(event.extra.requestId).toMatch(/^req-/);
    expect(events[0]).not.toContain('secret-id');
  });
});
