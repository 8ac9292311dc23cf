import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, type NotificationEvent } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent, insertSupplyOrder } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';
import { raiseNotification, type RaiseNotification } from './service.ts';
import { TOO_MANY_STREAMS } from './stream.ts';

/** The live stream over real HTTP (app.inject cannot hold a stream open): a listening app on a free port. */
let t: TestApp;
let base = '';
let npnSeq = 73_000_000;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const STREAM = '/arc/agent/notifications/stream';

async function newAgent(options: { expiresIn?: number } = {}) {
  const agent = await insertAgent(t.database.db, { npn: String(++npnSeq) });
  return { agent, token: await mintAccessToken(t, { agentId: agent.id, ...options }) };
}

const raise = (agentId: string, title = 'Order 1 shipped') => {
  const input: RaiseNotification = { agentId, kind: 'order-shipped', title, body: title, link: '/products' };
  const deps = { ...t.app.deps, db: t.app.db, bus: t.app.notificationBus };
  return raiseNotification(deps, input);
};

describe(`GET ${STREAM}`, () => {
  it('refuses a missing or invalid token with 401 and the error shape, opening nothing', async () => {
    for (const token of [null, 'not-a-jwt', await mintAccessToken(t, { agentId: 'X', expiresIn: -60 })]) {
      const stream = await openEventStream(`${base}${STREAM}`, token);
      expect(stream.status).toBe(401);
      expect(JSON.parse(stream.body)).toEqual(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    }
    const stream = await openEventStream(`${base}${STREAM}`, null);
    expect(JSON.parse(stream.body)).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.unauthorized });
  });

  it("sends the count at once, then the agent's own new notification live (a staff action), and never another agent's", async () => {
    const a = await newAgent();
    const b = await newAgent();
    const order = await insertSupplyOrder(t.database.db, { agentId: a.agent.id, planName: 'Kit A' });
    const streamA = await openEventStream(`${base}${STREAM}`, a.token);
    const streamB = await openEventStream(`${base}${STREAM}`, b.token);
    expect(streamA.status).toBe(200);
    expect(streamA.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(streamA.headers.get('x-accel-buffering')).toBe('no');
    expect(streamA.headers.get('content-encoding')).toBeNull();
    expect(await streamA.next()).toEqual({ event: 'unread', data: { unread: 0, id: null } });
    expect(await streamB.next()).toEqual({ event: 'unread', data: { unread: 0, id: null } });

    const staff = (await mintStaffToken(t, await insertStaff(t, { role: 'operations' }))).token;
    const started = Date.now();
    const shipped = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/orders/actions',
      headers: bearer(staff),
      payload: { orders: [{ id: order.id, version: 1 }], action: { kind: 'shipped', shipper: 'UPS', tracking: '1Z9' } },
    });
    expect(shipped.statusCode).toBe(200);
    const event = await streamA.next<NotificationEvent>(5000);
    expect(Date.now() - started).toBeLessThan(5000);
    const list = await t.app.inject({ url: '/arc/agent/notifications', headers: bearer(a.token) });
    expect(event).toEqual({
      event: 'unread',
      data: { unread: 1, id: list.json<{ rows: { id: number }[] }>().rows[0]!.id },
    });
    expect(await streamB.isQuietFor(300)).toBe(true);

    await raise(b.agent.id, 'For B');
    expect((await streamB.next<NotificationEvent>()).data.unread).toBe(1);
    expect(await streamA.isQuietFor(300)).toBe(true);
    streamA.close();
    streamB.close();
  });

  it('catches up on reconnect: what was raised while no stream was open is in the first count', async () => {
    const a = await newAgent();
    const first = await openEventStream(`${base}${STREAM}`, a.token);
    expect((await first.next<NotificationEvent>()).data).toEqual({ unread: 0, id: null });
    first.close();
    await first.ended;
    await raise(a.agent.id, 'Missed one');
    await raise(a.agent.id, 'Missed two');
    const again = await openEventStream(`${base}${STREAM}`, a.token);
    expect((await again.next<NotificationEvent>()).data).toEqual({ unread: 2, id: null });
    // every tab of the agent hears of the next one
    const tab = await openEventStream(`${base}${STREAM}`, a.token);
    await tab.next();
    await raise(a.agent.id, 'Third');
    expect((await again.next<NotificationEvent>()).data.unread).toBe(3);
    expect((await tab.next<NotificationEvent>()).data.unread).toBe(3);
    // Mark all read in one tab: the other follows
    const read = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/notifications/read-all',
      headers: bearer(a.token),
    });
    expect(read.json()).toEqual({ unread: 0 });
    expect((await tab.next<NotificationEvent>()).data).toEqual({ unread: 0, id: null });
    again.close();
    tab.close();
  });

  it('forgets a stream the client left, and ends one when its access token expires', async () => {
    const a = await newAgent({ expiresIn: 2 });
    const stream = await openEventStream(`${base}${STREAM}`, a.token);
    await stream.next();
    const started = Date.now();
    await stream.ended;
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(Date.now() - started).toBeLessThan(4000);

    const b = await newAgent();
    const left = await openEventStream(`${base}${STREAM}`, b.token);
    await left.next();
    left.close();
    await left.ended;
    // raising for an agent whose stream is gone writes nowhere and throws nothing
    await new Promise((resolve) => setTimeout(resolve, 100));
    await raise(b.agent.id);
  });

  it('refuses more than 8 streams of one agent on one replica with 429', async () => {
    const a = await newAgent();
    const streams = [];
    for (let i = 0; i < 8; i += 1) streams.push(await openEventStream(`${base}${STREAM}`, a.token));
    expect(streams.map((s) => s.status)).toEqual(Array<number>(8).fill(200));
    // (the ninth on a connection of its own, closed after the answer: fetch's pool would keep a spare connection
    // open that holds the server's close up until its header timeout)
    const ninth = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(`${base}${STREAM}`, { agent: false, headers: bearer(a.token) }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    expect(ninth.status).toBe(429);
    expect(JSON.parse(ninth.body)).toEqual({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_STREAMS });
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));
  });

  it('ends every open stream when the server closes, so closing does not wait for them or their connections', async () => {
    const other = await createTestApp({ databaseOf: t });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}${STREAM}`;
    const streams = [];
    for (let i = 0; i < 3; i += 1) streams.push(await openEventStream(url, (await newAgent()).token));
    for (const stream of streams) await stream.next();
    const started = Date.now();
    await other.close();
    for (const stream of streams) await stream.ended;
    // (a kept-alive connection left open would have held the close up until its keep-alive timeout)
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
