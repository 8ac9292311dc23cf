import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, WEB_CLIENT_ID, type NotificationEvent } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../../db/schema/index.ts';
import { insertAgent, insertSupplyOrder } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openEventStream, type TestEventStream } from '../../test/event-stream.ts';
import { linkIn, waitForMail } from '../../test/mail.ts';
import { logOutThroughProvider, signInThroughProvider, type SignedIn } from '../../test/sign-in.ts';
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

describe(`GET ${STREAM} when the credential ends first`, () => {
  const PASSWORD = 'Stream-Pass-2026';
  let ipSeq = 0;
  const freshIp = () => `10.43.0.${++ipSeq}`;

  /** an agent with a password, signed in through the provider twice (two devices), each with its stream open */
  async function twoSessions() {
    const agent = await insertAgent(t.database.db, { npn: String(++npnSeq), password: PASSWORD });
    const credentials = { username: agent.npn, password: PASSWORD };
    const sessions = [await signInThroughProvider(t, credentials), await signInThroughProvider(t, credentials)];
    const [first, second] = await Promise.all(
      sessions.map(async (session) => {
        const stream = await openEventStream(`${base}${STREAM}`, session.accessToken);
        expect(stream.status).toBe(200);
        expect((await stream.next<NotificationEvent>()).data).toEqual({ unread: 0, id: null });
        return { session, stream };
      }),
    );
    return { agent, first: first!, second: second! };
  }

  /**
   * every stream ends within a second of `since` (the change's own call answered: the streams are told before it
   * answers, so this is a second and the call's time from the change), and what is raised afterwards reaches none
   */
  async function expectEndedWithinASecond(streams: TestEventStream[], agentId: string, since: number) {
    const timeout = new Promise((resolve) => setTimeout(resolve, Math.max(0, since + 1000 - Date.now()), 'open'));
    const outcomes = await Promise.all(streams.map((s) => Promise.race([s.ended.then(() => 'ended'), timeout])));
    expect(outcomes).toEqual(streams.map(() => 'ended'));
    await raise(agentId, 'After the end');
    for (const stream of streams) await expect(stream.next(300)).rejects.toThrow(/ended/);
  }

  /** the stream stays open and hears the next notification */
  async function expectStillOpen(stream: TestEventStream, agentId: string) {
    await raise(agentId, 'Still here');
    expect((await stream.next<NotificationEvent>()).data.id).toEqual(expect.any(Number));
    stream.close();
  }

  async function logOut(session: SignedIn) {
    expect((await logOutThroughProvider(t, session)).statusCode).toBe(303);
  }

  it("ends every stream of an agent staff deactivate within a second, and no other agent's", async () => {
    const { agent, first, second } = await twoSessions();
    // a stream whose token names no grant (another issuer's) ends by the agent's status alone
    const minted = await openEventStream(`${base}${STREAM}`, await mintAccessToken(t, { agentId: agent.id }));
    await minted.next();
    const other = await newAgent();
    const kept = await openEventStream(`${base}${STREAM}`, other.token);
    await kept.next();
    const staff = (await mintStaffToken(t, await insertStaff(t, { role: 'operations' }))).token;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/arc/staff/agents/${agent.npn}`,
      headers: bearer(staff),
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    const started = Date.now();
    await expectEndedWithinASecond([first.stream, second.stream, minted], agent.id, started);
    await expectStillOpen(kept, other.agent.id);
  });

  it("ends the other session's stream when the password is changed, and keeps the changing session's", async () => {
    const { agent, first, second } = await twoSessions();
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/user/create/password',
      headers: bearer(second.session.accessToken),
      payload: { oldPassword: PASSWORD, newPass1: 'Changed-Stream-77' },
    });
    expect(res.statusCode).toBe(201);
    const started = Date.now();
    await expectEndedWithinASecond([first.stream], agent.id, started);
    await expectStillOpen(second.stream, agent.id);
  });

  it('ends every stream of the agent when the password is reset by link', async () => {
    const { agent, first, second } = await twoSessions();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/arc/forgotpassword',
      payload: { agentNum: agent.npn, action: 'forgotpassword' },
      remoteAddress: freshIp(),
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await waitForMail(t, agent.email);
    const link = decodeURIComponent(linkIn(mail!, `${t.config.publicUrl}/forgotpass/`).split('/').pop()!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      headers: bearer(link),
      payload: { password: 'Reset-Stream-88' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(200);
    const started = Date.now();
    await expectEndedWithinASecond([first.stream, second.stream], agent.id, started);
  });

  it("ends the stream of the session that logs out, and leaves the agent's other session's", async () => {
    const { agent, first, second } = await twoSessions();
    await logOut(first.session);
    const started = Date.now();
    await expectEndedWithinASecond([first.stream], agent.id, started);
    await expectStillOpen(second.stream, agent.id);
  });

  it("ends the stream when its grant is revoked (the session's refresh token at the revocation endpoint)", async () => {
    const { agent, first, second } = await twoSessions();
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: WEB_CLIENT_ID,
        token: first.session.refreshToken,
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(revoked.statusCode).toBe(200);
    const started = Date.now();
    await expectEndedWithinASecond([first.stream], agent.id, started);
    await expectStillOpen(second.stream, agent.id);
  });

  it('ends the stream when its grant is deleted by any other way (grantsEnded), on this replica', async () => {
    const { agent, first, second } = await twoSessions();
    const grantId = decodeJwt(first.session.accessToken).grant_id as string;
    await t.database.db.delete(oidcPayloads).where(eq(oidcPayloads.id, grantId));
    await t.app.grantsEnded([grantId]);
    const started = Date.now();
    await expectEndedWithinASecond([first.stream], agent.id, started);
    await expectStillOpen(second.stream, agent.id);
  });
});
