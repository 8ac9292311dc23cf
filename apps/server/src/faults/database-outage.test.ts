import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { actionTokens, agents, supplyProducts } from '../db/schema/index.ts';
import { ensureProductTypes } from '../modules/supplies/product-types.ts';
import { hashToken, randomToken } from '../platform/tokens.ts';
import { insertAgent } from '../seed/factories.ts';
import { createTestApp, fixedClock, type TestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { bearer, mintAccessToken } from '../test/tokens.ts';

/**
 * The database stops during load: a TCP proxy between the app and PostgreSQL is cut (every connection reset,
 * new ones refused) and restored, twice, while agents send supply orders, upload enrollments, set passwords
 * with a link and read their user info. Every call answers at once — what it did, or 503 with Retry-After —
 * the process stays up, /readyz follows the database, service returns within seconds, and no half-written
 * row or file remains. Real PostgreSQL only: PGlite runs inside the process and cannot go away.
 */
const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) {
  console.log(
    'database outage: skipped on PGlite — it needs real PostgreSQL (npm test runs it in its PostgreSQL pass)',
  );
}

const clock = fixedClock('2026-09-15T19:00:00Z');
const KIT_A = 'kit_2026_wi_fault_a';
const KIT_B = 'kit_2026_wi_fault_b';
const ADDRESS = {
  street_number: '10',
  route: 'E Main St',
  locality: 'Madison',
  administrative_area_level_1: 'WI',
  postal_code: '53703',
  specialinstruct: '',
};
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const NEW_PASSWORD = 'Outage-Proof-Pass-9';
const CUTS = 2;
const CUT_MS = 1500;

const ANSWER_KINDS = ['order', 'upload', 'password', 'userinfo'] as const;

interface Answer {
  kind: (typeof ANSWER_KINDS)[number];
  status: number;
  retryAfter: string | undefined;
  code: string | undefined;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresUrl)('database outage on PostgreSQL (TCP proxy cut during load)', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let direct: Database;
  const tokens = new Map<string, string>();
  let agentIds: string[] = [];

  beforeAll(async () => {
    const target = new URL(postgresUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    let directUrl: URL | undefined;
    t = await createTestApp({
      clock,
      // the load sends far more orders and kits than the provider's caps allow one agent
      env: { SUPPLY_ORDERS_PER_HOUR: '100000', SUPPLY_KITS_PER_DAY: '10000000' },
      connectThrough: (url) => {
        directUrl = url;
        const proxied = new URL(url);
        proxied.host = `127.0.0.1:${proxy.port}`;
        return proxied;
      },
    });
    // the test's own view of the database, not through the proxy
    direct = await openDatabase({ databaseUrl: directUrl!.toString(), logger: { error: () => undefined } });
    await ensureProductTypes(direct.db);
    await direct.db.insert(supplyProducts).values(
      [KIT_A, KIT_B].map((id) => ({
        id,
        year: 2026,
        type: 'Medicare Supplement',
        stateCode: 'WI',
        orgName: 'Mutual of Omaha',
        planName: `Kit ${id}`,
      })),
    );
    // several agents, so no per-agent limit (30 uploads a minute) is what refuses a call
    agentIds = [];
    for (let i = 0; i < 4; i += 1) {
      const agent = await insertAgent(direct.db);
      agentIds.push(agent.id);
      tokens.set(agent.id, await mintAccessToken(t, { agentId: agent.id }));
    }
  });

  afterAll(async () => {
    await t?.close();
    await direct?.close();
    await proxy?.close();
  });

  it('answers 503 with Retry-After, reports not ready, recovers, and leaves nothing half-written', async () => {
    const answers: Answer[] = [];
    const orders: Array<{ agentId: string; key: string; body: object; status: number; orderIds?: number[] }> = [];
    const passwords: Array<{ agentId: string; tokenHash: string; hashBefore: string; status: number }> = [];
    let seq = 0;
    let isRunning = true;
    let remote = 0;

    async function timed(kind: Answer['kind'], send: () => Promise<LightMyRequestResponse>) {
      const started = performance.now();
      const res = await send();
      const answer: Answer = {
        kind,
        status: res.statusCode,
        retryAfter: res.headers['retry-after'],
        code: res.statusCode >= 400 ? (res.json<{ code?: string }>().code ?? undefined) : undefined,
        ms: performance.now() - started,
      };
      answers.push(answer);
      return res;
    }

    const agentFor = (n: number) => agentIds[n % agentIds.length]!;

    const supplies = [
      { productId: KIT_A, qty: 1 },
      { productId: KIT_B, qty: 2 },
    ];
    /** puts the order's lines in the agent's cart (an order is exactly the cart); false when that failed */
    async function fillCart(agentId: string): Promise<boolean> {
      for (const line of supplies) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/arc/agent/supplies/cart/items/${line.productId}`,
          headers: bearer(tokens.get(agentId)!),
          payload: { qty: line.qty },
        });
        if (res.statusCode !== 200) return false;
      }
      return true;
    }

    async function orderLoop(worker: number) {
      // one agent per worker: an order takes the whole cart, so two workers must not share one
      const agentId = agentIds[worker]!;
      while (isRunning) {
        if (!(await fillCart(agentId))) {
          await sleep(40);
          continue;
        }
        const key = `outage-${worker}-${(seq += 1)}`;
        const body = { address: ADDRESS, supplies };
        const res = await timed('order', () =>
          t.app.inject({
            method: 'POST',
            url: '/arc/agent/supplies/orders',
            headers: { ...bearer(tokens.get(agentId)!), 'idempotency-key': key },
            payload: body,
          }),
        );
        orders.push({
          agentId,
          key,
          body,
          status: res.statusCode,
          ...(res.statusCode === 200 ? { orderIds: res.json<{ orderIds: number[] }>().orderIds } : {}),
        });
        await sleep(40);
      }
    }

    async function uploadLoop(worker: number) {
      let n = 0;
      while (isRunning) {
        const agentId = agentFor(worker + (n += 1));
        const body = multipart([
          { name: 'radio1', value: 'newapp' },
          { name: 'enrollment', filename: 'outage.pdf', body: PDF },
        ]);
        await timed('upload', () =>
          t.app.inject({
            method: 'POST',
            url: '/arc/agent/enrollments',
            headers: { ...bearer(tokens.get(agentId)!), 'content-type': body.contentType },
            payload: body.buffer(),
          }),
        );
        await sleep(150);
      }
    }

    async function passwordLoop() {
      while (isRunning) {
        // a registered agent with a forgot-password link, made beside the app (not through the proxy)
        const agent = await insertAgent(direct.db, { password: 'Before-Outage-1' });
        const token = randomToken();
        const now = new Date();
        await direct.db.insert(actionTokens).values({
          tokenHash: hashToken(token),
          agentId: agent.id,
          purpose: 'forgot',
          createdAt: now,
          expiresAt: new Date(now.getTime() + 86_400_000),
        });
        const res = await timed('password', () =>
          t.app.inject({
            method: 'POST',
            url: '/arc/register/password',
            headers: bearer(token),
            payload: { password: NEW_PASSWORD },
            remoteAddress: `10.9.${Math.floor((remote += 1) / 250)}.${remote % 250}`,
          }),
        );
        passwords.push({
          agentId: agent.id,
          tokenHash: hashToken(token),
          hashBefore: agent.passwordHash!,
          status: res.statusCode,
        });
        await sleep(60);
      }
    }

    async function userInfoLoop() {
      let n = 0;
      while (isRunning) {
        const agentId = agentFor((n += 1));
        await timed('userinfo', () =>
          t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(tokens.get(agentId)!) }),
        );
        await sleep(20);
      }
    }

    const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;

    const loops = Promise.all([
      orderLoop(0),
      orderLoop(1),
      orderLoop(2),
      uploadLoop(0),
      passwordLoop(),
      userInfoLoop(),
    ]);
    const recoveries: number[] = [];
    const notReady: number[] = [];
    /** waits until every kind of call has been answered since the `from`-th answer: the load is running */
    const untilEveryKindAnswered = (from: number) =>
      vi.waitFor(() => expect(new Set(answers.slice(from).map((a) => a.kind))).toEqual(new Set(ANSWER_KINDS)), {
        timeout: 30_000,
        interval: 20,
      });
    await untilEveryKindAnswered(0);
    for (let cut = 0; cut < CUTS; cut += 1) {
      proxy.cut();
      // the outage itself lasts CUT_MS: a duration the scenario sets, not a wait for a state
      await sleep(CUT_MS / 2);
      const during = await t.app.inject({ method: 'GET', url: '/readyz' });
      notReady.push(during.statusCode);
      expect(during.headers['retry-after']).toBe('5');
      await sleep(CUT_MS / 2);
      proxy.restore();
      const back = performance.now();
      while ((await ready()) !== 200) await sleep(50);
      // an agent call, not only the probe, is served again
      for (;;) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/arc/user/info',
          headers: bearer(tokens.get(agentIds[0]!)!),
        });
        if (res.statusCode === 200) break;
        await sleep(50);
      }
      recoveries.push(Math.round(performance.now() - back));
      await untilEveryKindAnswered(answers.length);
    }
    isRunning = false;
    await loops;

    // ── every call answered: what it did, or 503 with Retry-After; nothing hung, nothing crashed ─────────
    expect(proxy.cuts).toBe(CUTS);
    expect(notReady).toEqual(Array(CUTS).fill(503));
    const unavailable = answers.filter((a) => a.status === 503);
    const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
    expect(unexpected).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer).toMatchObject({ retryAfter: '5', code: 'UNAVAILABLE' });
    }
    const slowest = Math.max(...answers.map((a) => a.ms));
    // nothing waits for a connection longer than the pool's 5 s (a hang would run into the test's timeout)
    expect(slowest).toBeLessThan(10_000);
    for (const ms of recoveries) expect(ms).toBeLessThan(5000);

    // ── retrying an order that got 503 with its Idempotency-Key: one order per key, never two ─────────────
    for (const order of orders.filter((o) => o.status === 503)) {
      // a later order of the same agent took the cart: the agent fills it again before retrying
      expect(await fillCart(order.agentId)).toBe(true);
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/agent/supplies/orders',
        headers: { ...bearer(tokens.get(order.agentId)!), 'idempotency-key': order.key },
        payload: order.body,
      });
      expect(res.statusCode).toBe(200);
      order.orderIds = res.json<{ orderIds: number[] }>().orderIds;
    }

    // ── no half-written rows ──────────────────────────────────────────────────────────────────────────────
    const client = (direct.db as unknown as { $client: unknown }).$client as {
      query<R>(sql: string): Promise<{ rows: R[] }>;
    };
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const orderRows = await client.query<{ id: number; idempotency_key: string; agent_id: string }>(
      'select id, idempotency_key, agent_id from supply_orders',
    );
    const orderIdsByKey = new Map<string, number[]>();
    for (const row of orderRows.rows) {
      orderIdsByKey.set(row.idempotency_key, [...(orderIdsByKey.get(row.idempotency_key) ?? []), row.id]);
    }
    for (const order of orders) {
      expect(order.orderIds).toHaveLength(2);
      expect([...(orderIdsByKey.get(order.key) ?? [])].sort((a, b) => a - b)).toEqual(
        [...order.orderIds!].sort((a, b) => a - b),
      );
    }
    expect(orderRows.rows).toHaveLength(orders.length * 2);
    expect(
      await count(
        'select count(*) n from supply_orders o where not exists (select 1 from supply_order_log l where l.order_id = o.id)',
      ),
    ).toBe(0);
    expect(await count(`select count(*) n from supply_order_requests where response = '{}'::jsonb`)).toBe(0);
    expect(
      await count(
        `select count(*) n from supply_orders o where not exists (select 1 from supply_order_requests r
          where r.agent_id = o.agent_id and r.idempotency_key = o.idempotency_key)`,
      ),
    ).toBe(0);

    const enrollmentRows = await client.query<{ storage_key: string }>(
      'select f.storage_key from enrollments e join files f on f.id = e.file_id',
    );
    expect(await count('select count(*) n from enrollments e where e.file_id is null')).toBe(0);
    const uploadsAnswered = answers.filter((a) => a.kind === 'upload' && a.status === 201).length;
    expect(enrollmentRows.rows.length).toBeGreaterThanOrEqual(uploadsAnswered);
    const filesDir = path.join(t.config.dataDir, 'files');
    const stored = fs.existsSync(path.join(filesDir, 'enrollments'))
      ? fs.readdirSync(path.join(filesDir, 'enrollments')).map((name) => `enrollments/${name}`)
      : [];
    // every stored file has its row and every row its file: an upload whose row failed was removed
    expect(stored.sort()).toEqual(enrollmentRows.rows.map((r) => r.storage_key).sort());

    const agentRows = new Map(
      (await direct.db.select({ id: agents.id, passwordHash: agents.passwordHash }).from(agents)).map((a) => [
        a.id,
        a.passwordHash,
      ]),
    );
    const spent = new Set(
      (await direct.db.select().from(actionTokens)).filter((r) => r.usedAt !== null).map((r) => r.tokenHash),
    );
    for (const change of passwords) {
      const isChanged = agentRows.get(change.agentId) !== change.hashBefore;
      // the password and its link change together, or neither does
      expect({ isChanged, isSpent: spent.has(change.tokenHash) }).toEqual({ isChanged, isSpent: isChanged });
      if (change.status === 200) expect(isChanged).toBe(true);
    }

    // every connection went back to the pool: none leaked by a transaction whose `begin` failed
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    expect({ checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }).toEqual({
      checkedOut: 0,
      waiting: 0,
    });

    const byKind = (kind: Answer['kind']) => answers.filter((a) => a.kind === kind);
    console.log(
      `database outage: ${proxy.cuts} faults injected (${CUT_MS} ms each), ${answers.length} calls ` +
        `(${answers.length - unavailable.length} served, ${unavailable.length} × 503 with Retry-After, ` +
        `0 other; slowest ${Math.round(slowest)} ms), service back ${recoveries.join(' / ')} ms after the ` +
        `database; rows checked: ${orders.length} orders (${orderRows.rows.length} lines with their log and key, ` +
        `${orders.filter((o) => o.status === 503).length} retried by key), ${byKind('upload').length} uploads ` +
        `(${enrollmentRows.rows.length} enrollments = ${stored.length} files), ${passwords.length} password ` +
        `links (${passwords.filter((p) => p.status === 200).length} changed with their token), ` +
        `${byKind('userinfo').length} user info reads; half-written: 0; connections leaked: 0`,
    );
  }, 60_000);

  it('/readyz reports the outage within a second and the recovery as soon as the database answers', async () => {
    const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
    /** polls /readyz every 10 ms until it answers `status`; answers the ms it took */
    const until = async (status: number) => {
      const started = performance.now();
      while ((await ready()) !== status) {
        if (performance.now() - started > 5000) throw new Error(`/readyz never answered ${status}`);
        await sleep(10);
      }
      return performance.now() - started;
    };
    expect(await until(200)).toBeLessThan(1000);
    // a healthy pool: probes cost the database nothing (the background refresh asks every 250 ms)
    const pings = vi.spyOn(t.database, 'ping');
    for (let i = 0; i < 500; i += 1) expect(await ready()).toBe(200);
    expect(pings.mock.calls.length).toBeLessThanOrEqual(3);
    pings.mockRestore();
    for (let round = 0; round < 2; round += 1) {
      proxy.cut();
      const seen = await until(503);
      await sleep(300);
      proxy.restore();
      const back = await until(200);
      console.log(`/readyz: outage seen after ${Math.round(seen)} ms, recovery after ${Math.round(back)} ms`);
      expect(seen).toBeLessThan(1000);
      expect(back).toBeLessThan(1000);
    }
  }, 30_000);
});
