import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplyOrderLog, supplyOrderRequests, supplyOrders, supplyProducts } from '../db/schema/index.ts';
import { ensureProductTypes } from '../modules/supplies/product-types.ts';
import { IDEMPOTENCY_KEY_TTL_MS, purgeExpiredOrderRequests } from '../modules/supplies/service.ts';
import { createAgentApp, type AgentApp } from '../test/agent-app.ts';
import { fixedClock } from '../test/app.ts';
import { bearer } from '../test/tokens.ts';

/**
 * The order is written but its answer never reaches the client (the server died after the commit, or the
 * network did): a connection between client and server that is reset as soon as the first byte of the answer
 * comes back. Retrying with the same Idempotency-Key must answer the first result and write nothing more.
 */
const clock = fixedClock('2026-09-15T19:00:00Z');
const KIT = 'kit_2026_wi_lost_answer';
const BODY = {
  address: {
    street_number: '10',
    route: 'E Main St',
    locality: 'Madison',
    administrative_area_level_1: 'WI',
    postal_code: '53703',
    specialinstruct: '',
  },
  supplies: [{ productId: KIT, qty: 3 }],
};

let t: AgentApp;
let token: string;
let appPort: number;
let cutter: net.Server;
let cutterPort: number;
let answersLost = 0;

beforeAll(async () => {
  t = await createAgentApp({ clock });
  await ensureProductTypes(t.database.db);
  await t.database.db.insert(supplyProducts).values({
    id: KIT,
    year: 2026,
    type: 'Medicare Supplement',
    stateCode: 'WI',
    orgName: 'Mutual of Omaha',
    planName: 'Lost Answer Kit',
  });
  token = t.agent.token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (t.app.server.address() as net.AddressInfo).port;
  // passes the request on, and resets the client's connection when the answer starts coming back
  cutter = net.createServer((client) => {
    const upstream = net.connect({ port: appPort, host: '127.0.0.1' });
    client.pipe(upstream);
    upstream.once('data', () => {
      answersLost += 1;
      client.resetAndDestroy();
      upstream.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
  cutterPort = (cutter.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => cutter?.close(resolve));
  await t?.close();
});

function postOrder(port: number, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(BODY);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/arc/agent/supplies/orders',
        headers: { ...bearer(token), 'idempotency-key': key, 'content-type': 'application/json' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('POST /arc/agent/supplies/orders after a lost answer', () => {
  it('answers the first result to a retry with the same Idempotency-Key and writes nothing more', async () => {
    const keys = ['lost-answer-1', 'lost-answer-2', 'lost-answer-3'];
    for (const key of keys) {
      // an order sends exactly the cart's lines
      const [line] = BODY.supplies;
      const filled = await t.app.inject({
        method: 'PUT',
        url: `/arc/agent/supplies/cart/items/${line!.productId}`,
        headers: bearer(token),
        payload: { qty: line!.qty },
      });
      expect(filled.statusCode).toBe(200);
      // the order is committed, the answer is cut off
      await expect(postOrder(cutterPort, key)).rejects.toThrow(/ECONNRESET|socket hang up/);
      const first = await t.database.db.select().from(supplyOrders);
      const retry = await postOrder(appPort, key);
      expect(retry.status).toBe(200);
      const { orderIds } = JSON.parse(retry.body) as { orderIds: number[] };
      expect(orderIds).toEqual(first.filter((o) => o.idempotencyKey === key).map((o) => o.id));
      // and a second retry is the same answer again
      const again = await postOrder(appPort, key);
      expect(JSON.parse(again.body)).toEqual(JSON.parse(retry.body));
    }
    const orders = await t.database.db.select().from(supplyOrders);
    const log = await t.database.db.select().from(supplyOrderLog);
    const stored = await t.database.db.select().from(supplyOrderRequests);
    expect(orders).toHaveLength(keys.length);
    expect(log).toHaveLength(keys.length);
    expect(stored.map((r) => r.idempotencyKey).sort()).toEqual(keys);
    expect(answersLost).toBe(keys.length);
    console.log(
      `lost answer: ${answersLost} faults injected (answer cut after the commit), ${keys.length * 2} retries ` +
        `answered the first result; rows checked: ${orders.length} orders, ${log.length} log rows, ` +
        `${stored.length} stored keys (one each)`,
    );
  });

  it('forgets a key (and its answer) a day after it was first used', async () => {
    const at = (ms: number) => fixedClock(new Date(clock.now().getTime() + ms).toISOString());
    await purgeExpiredOrderRequests({ db: t.database.db, clock: at(IDEMPOTENCY_KEY_TTL_MS - 60_000) });
    expect(await t.database.db.select().from(supplyOrderRequests)).toHaveLength(3);
    await purgeExpiredOrderRequests({ db: t.database.db, clock: at(IDEMPOTENCY_KEY_TTL_MS + 60_000) });
    expect(await t.database.db.select().from(supplyOrderRequests)).toHaveLength(0);
    // the orders themselves stay
    expect(await t.database.db.select().from(supplyOrders)).toHaveLength(3);
  });
});
