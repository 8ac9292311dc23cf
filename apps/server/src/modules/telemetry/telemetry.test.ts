import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { telemetryEvents } from '../../db/schema/index.ts';
import { createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';
import { purgeExpiredTelemetry } from './service.ts';

/**
 * A stand-in for Sentry: records the events that reach it (the SDK's envelopes, as text); answers `status`. The first
 * event waits for the SDK to load (the server of a test app starts it then).
 */
const sentry = { received: [] as Array<{ url: URL; body: string }>, status: 200 };
const sentryServer = http.createServer((request, response) => {
  void buffer(request).then((raw) => {
    const body = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
    // the SDK's own reports of what it dropped are not events
    if (body.includes('"type":"event"')) {
      const url = new URL(request.url ?? '/', 'http://sentry');
      sentry.received.push({ url, body });
    }
    response.writeHead(sentry.status).end();
  });
});

let t: AgentApp;
let agentId: string;
let token: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => sentryServer.listen(0, '127.0.0.1', resolve));
  const { port } = sentryServer.address() as AddressInfo;
  t = await createAgentApp({ env: { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` } });
  ({ id: agentId, token } = t.agent);
});
afterAll(async () => {
  await t?.close();
  sentryServer.close();
});

const latest = async () =>
  (await t.database.db.select().from(telemetryEvents).orderBy(desc(telemetryEvents.createdAt)).limit(1))[0];

const post = (payload: unknown, options: { auth?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/telemetry',
    headers: options.auth ? bearer(options.auth) : {},
    payload: payload as Record<string, unknown>,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });

describe('POST /arc/telemetry', () => {
  it('answers 400 for data nested deeper than 8 or with more than 200 values, and stores nothing', async () => {
    const before = (await t.database.db.select().from(telemetryEvents)).length;
    const deep = `{"event":"deep_error","data":{"a":${'['.repeat(7900)}${']'.repeat(7900)}}}`;
    const nested = { event: 'nested', data: { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } } };
    const wide = { event: 'wide', data: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])) };
    for (const payload of [deep, nested, wide]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/telemetry',
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Telemetry data') });
    }
    expect((await t.database.db.select().from(telemetryEvents)).length).toBe(before);
    const fits = await post({ event: 'fits', data: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } }, list: [1, 2] } });
    expect(fits.statusCode).toBe(202);
  });

  it('stores an event from a signed-out page', async () => {
    const res = await post({ event: 'dashboard_download', data: { key: '2026-humana' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(await latest()).toMatchObject({ event: 'dashboard_download', agentId: null, data: { key: '2026-humana' } });
  });

  it('attaches the agent when a valid token comes with it, and ignores an invalid or expired one', async () => {
    await post({ event: 'download' }, { auth: token });
    expect(await latest()).toMatchObject({ event: 'download', agentId, data: null });
    await post({ event: 'x' }, { auth: 'garbage' });
    expect(await latest()).toMatchObject({ event: 'x', agentId: null });
    await post({ event: 'y' }, { auth: await mintAccessToken(t, { agentId, expiresIn: -5 }) });
    expect(await latest()).toMatchObject({ event: 'y', agentId: null });
  });

  it('forwards error events to Sentry, and only those', async () => {
    sentry.received.length = 0;
    await post({ event: 'dashboard_download' }, { auth: token });
    const res = await post({ event: 'client_error', data: { message: 'boom' } }, { auth: token });
    expect(res.statusCode).toBe(202);
    await vi.waitFor(() => expect(sentry.received).toHaveLength(1), { timeout: 10_000 });
    const [received] = sentry.received;
    expect(received!.url.pathname).toBe('/api/42/envelope/');
    expect(received!.url.searchParams.get('sentry_key')).toBe('publickey');
    const [, item, event] = received!.body.split('\n').map((line) => JSON.parse(line));
    expect(item).toMatchObject({ type: 'event' });
    expect(event).toMatchObject({
      level: 'error',
      message: 'client_error: boom',
      user: { id: agentId },
    });
  });

  it("hands Sentry the browser's event through the SDK's transport: what the browser sent, who, and when", async () => {
    sentry.received.length = 0;
    const data = { message: 'Cannot read properties of undefined', route: '/prospects', deep: { a: { b: { c: 1 } } } };
    expect((await post({ event: 'route_error', data })).statusCode).toBe(202);
    await vi.waitFor(() => expect(sentry.received).toHaveLength(1), { timeout: 10_000 });
    const [received] = sentry.received;
    expect(received!.url.pathname).toBe('/api/42/envelope/');
    expect(received!.url.searchParams.get('sentry_client')).toMatch(/^sentry\.javascript\.node\//);
    const [header, item, event] = received!.body.split('\n').map((line) => JSON.parse(line));
    expect(header).toMatchObject({
      event_id: event.event_id,
      sent_at: expect.any(String),
    });
    expect(item).toMatchObject({ type: 'event' });
    expect(event).toMatchObject({
      level: 'error',
      platform: 'javascript',
      logger: 'arc.telemetry',
      message: 'route_error: Cannot read properties of undefined',
      tags: { event: 'route_error' },
      extra: data,
      sdk: { name: 'sentry.javascript.node' },
    });
    // signed out: no user; the time the server stored the event
    expect(event.user).toBeUndefined();
    expect(event.timestamp * 1000).toBe((await latest())!.createdAt.getTime());
  });

  it('answers 202 and keeps the event when Sentry fails', async () => {
    sentry.status = 500;
    sentry.received.length = 0;
    try {
      const res = await post({ event: 'register_failed', data: { status: 429 } });
      expect(res.statusCode).toBe(202);
      expect(await latest()).toMatchObject({ event: 'register_failed' });
      await vi.waitFor(() => expect(sentry.received).toHaveLength(1), { timeout: 10_000 });
    } finally {
      sentry.status = 200;
    }
  });

  it('answers 400 for a malformed event and 413 for an oversize body', async () => {
    for (const payload of [{ event: '' }, { event: 'x'.repeat(101) }, { data: {} }, { event: 'x', data: [1] }]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    const huge = await post({ event: 'big', data: { blob: 'x'.repeat(20_000) } });
    expect(huge.statusCode).toBe(413);
  });

  it('answers 429 after 60 events a minute from one address', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 60; i += 1) expect((await post({ event: 'burst' }, { ip })).statusCode).toBe(202);
    const limited = await post({ event: 'burst' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await post({ event: 'burst' }, { ip: '203.0.113.8' })).statusCode).toBe(202);
  });
});

describe('telemetry retention purge', () => {
  it('deletes the events older than TELEMETRY_RETENTION_DAYS and keeps the newer ones', async () => {
    const clock = fixedClock('2026-11-27T12:00:00Z');
    const deps = { db: t.database.db, clock };
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * day);
    await t.database.db.delete(telemetryEvents);
    await t.database.db.insert(telemetryEvents).values([
      { id: 'tel_old', agentId: null, event: 'old', data: null, createdAt: at(91) },
      { id: 'tel_edge', agentId: null, event: 'edge', data: null, createdAt: at(89) },
      { id: 'tel_new', agentId: null, event: 'new', data: null, createdAt: at(0) },
    ]);
    expect(loadConfig({}).telemetryRetentionDays).toBe(90);
    expect(await purgeExpiredTelemetry(deps, 0)).toBe(0);
    expect(await purgeExpiredTelemetry(deps, 90)).toBe(1);
    const left = await t.database.db.select({ id: telemetryEvents.id }).from(telemetryEvents);
    expect(left.map((row) => row.id).sort()).toEqual(['tel_edge', 'tel_new']);
  });
});
