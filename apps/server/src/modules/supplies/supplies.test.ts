import { Readable } from 'node:stream';
import { kitsPerDayMessage, kitsPerOrderMessage, SUPPLIES_MESSAGES } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agentReadyToSell,
  supplyCartItems,
  supplyOrderLog,
  supplyOrderRequests,
  supplyOrders,
  supplyProducts,
} from '../../db/schema/index.ts';
import { insertCertifiedContract } from '../../seed/contracts.ts';
import { insertAgent } from '../../seed/factories.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, fixedClock } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';
import { importMaLandscape } from './landscape.ts';
import { ensureProductTypes } from './product-types.ts';

// 15 September 2026 in Los Angeles: product years 2026 and 2027 are both open
const clock = fixedClock('2026-09-15T19:00:00Z');
let t: AgentApp;
let tokenA: string;
let tokenB: string;
let agentA: TestAgent;
let agentB: TestAgent;

const HEADER =
  'State Territory Abbreviation,County Name,Contract Year,Organization Marketing Name,Plan Name,Plan Type,' +
  'Monthly Consolidated Premium (Part C + D),Annual Part D Deductible Amount,In-network MOOP Amount,Contract ID,' +
  'Plan ID,Segment ID,Special Needs Plan (SNP) Indicator,Special Needs Plan (SNP) Type';
const LANDSCAPE = [
  HEADER,
  'WI,Dane,2026,Humana,Humana Gold Plus (HMO),HMO,$0.00,$250.00,"$5,900.00",H1234,7,0,No,',
  'WI,Dane County,2026,Humana,Humana Honor (Local PPO),Local PPO,$45.00,-,,H1234,12,0,No,',
  'WI,Milwaukee,2026,Humana,Humana Gold Plus (HMO),HMO,$0.00,$250.00,"$5,900.00",H1234,7,0,No,',
  'WI,Dane,2026,Wellcare,Wellcare Assist (HMO D-SNP),HMO,$12.00,$0.00,"$3,400.00",H5678,3,0,Yes,Dual-Eligible',
  'WI,Nowhere,2026,Humana,Lost Plan (HMO),HMO,$1.00,$1.00,$1.00,H1234,9,0,No,',
  'WI,Dane,2026,Humana,Bad Contract (HMO),HMO,$1.00,$1.00,$1.00,X12,9,0,No,',
  'WI,Dane,2025,Humana,Old Plan (HMO),HMO,$1.00,$1.00,$1.00,H1234,10,0,No,',
  'WI,Dane,2026,Humana,Bad Money (HMO),HMO,free,$1.00,$1.00,H1234,11,0,No,',
].join('\n');

const MA_HUMANA = 'ma_2026_WI_H1234_007_000';
const MA_WELLCARE = 'ma_2026_WI_H5678_003_000';
const KIT = 'kit_2026_wi_medsupp_mutual';
const OLD_KIT = 'kit_2025_wi_medsupp_mutual';

const ADDRESS = {
  street_number: '10',
  route: 'E Main St',
  locality: 'Madison',
  administrative_area_level_1: 'WI',
  postal_code: '53703',
  specialinstruct: 'Leave at the desk',
};

// the provider's caps, small enough to reach in a test; the hourly order limit has its own app below
const KITS_PER_ORDER = 50;
const KITS_PER_DAY = 80;

beforeAll(async () => {
  t = await createAgentApp({
    clock,
    env: {
      SUPPLY_KITS_PER_ORDER: String(KITS_PER_ORDER),
      SUPPLY_KITS_PER_DAY: String(KITS_PER_DAY),
      SUPPLY_ORDERS_PER_HOUR: '1000',
    },
    agent: { firstName: 'Ann', lastName: 'Agent' },
  });
  const db = t.database.db;
  agentA = t.agent;
  agentB = await addAgent(t);
  tokenA = agentA.token;
  tokenB = agentB.token;
  await ensureProductTypes(db);
  const report = await importMaLandscape(db, LANDSCAPE, { year: 2026 });
  expect(report).toMatchObject({ year: 2026, imported: 4, plans: 3 });
  await db.insert(supplyProducts).values([
    {
      id: KIT,
      year: 2026,
      type: 'Medicare Supplement',
      stateCode: 'WI',
      orgName: 'Mutual of Omaha',
      planName: 'Mutual of Omaha Medicare Supplement Kit',
    },
    {
      id: OLD_KIT,
      year: 2025,
      type: 'Medicare Supplement',
      stateCode: 'WI',
      orgName: 'Mutual of Omaha',
      planName: 'Old Kit',
    },
  ]);
  const rts = (agentId: string, orgName: string, status: 'ready' | 'not_ready') =>
    (['MA', 'PDP'] as const).map((productType) => ({
      agentId,
      orgName,
      stateCode: 'WI',
      productType,
      year: 2026,
      status,
      asOf: '2025-10-01',
    }));
  await db
    .insert(agentReadyToSell)
    .values([
      ...rts(agentA.id, 'Humana', 'ready'),
      ...rts(agentA.id, 'Wellcare', 'not_ready'),
      ...rts(agentB.id, 'Wellcare', 'ready'),
    ]);
  // what the Ready marks stand for: an active contract with the carrier, certified for the plan year
  const certified: Array<[number, string]> = [
    [2026, 'Medicare Advantage'],
    [2026, 'Prescription Drug Plan'],
  ];
  await insertCertifiedContract(db, { agentId: agentA.id, carrier: 'Humana', certified });
  await insertCertifiedContract(db, { agentId: agentB.id, carrier: 'Wellcare', certified });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('landscape import (CMS MA landscape CSV)', () => {
  it('loads the good lines and reports each rejected line with its reason', async () => {
    const report = await importMaLandscape(t.database.db, LANDSCAPE, { year: 2026 });
    expect(report.rejected[0]!.content).toBe(
      'WI,Nowhere,2026,Humana,Lost Plan (HMO),HMO,$1.00,$1.00,$1.00,H1234,9,0,No,',
    );
    expect(report.rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 6, reason: 'Unknown county "Nowhere" in WI' },
      { line: 7, reason: 'Contract ID "X12" is not a letter H, R or E and 4 digits' },
      { line: 8, reason: 'Contract Year 2025 is not 2026' },
      { line: 9, reason: '"free" is not an amount' },
    ]);
  });

  it('rejects a line with a NUL or another control character in a field, naming the field; a tab is no reason', async () => {
    const file = [
      HEADER,
      'WI,Dane,2026,Humana,Humana Nul\u0000 Plan (HMO),HMO,$0.00,$250.00,"$5,900.00",H1234,21,0,No,',
      'WI,Dane,2026,Humana,Humana Bell\u0007 Plan (HMO),HMO,$0.00,$250.00,"$5,900.00",H1234,22,0,No,',
      // a tab is kept: this line is rejected for its county only (and nothing of WI's landscape is replaced)
      'WI,Nowhere,2026,Humana,"Humana\tTab Plan (HMO)",HMO,$0.00,$250.00,"$5,900.00",H1234,23,0,No,',
    ].join('\n');
    const report = await importMaLandscape(t.database.db, file, { year: 2026 });
    expect(report.rejected[0]!.content).toContain('Humana Nul\u2400 Plan (HMO)');
    expect(report.rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: expect.stringMatching(/^field 5 holds a NUL character \(U\+0000\)/) as unknown },
      { line: 3, reason: expect.stringMatching(/^field 5 holds a control character \(U\+0007\)/) as unknown },
      { line: 4, reason: 'Unknown county "Nowhere" in WI' },
    ]);
    expect(report.imported).toBe(0);
  });

  it('rejects a file without a required column', async () => {
    const report = await importMaLandscape(t.database.db, 'State,County\nWI,Dane\n', { year: 2026 });
    expect(report.imported).toBe(0);
    expect(report.rejected[0]!.reason).toMatch(/^Missing column "Organization Marketing Name"/);
  });

  it('streams a file with a byte-order mark, CRLF, quoted commas, quotes and line breaks', async () => {
    const file = [
      // CMS breaks some header names over two lines; the line numbers count them
      'State Territory Abbreviation,County Name,Contract Year,Organization Marketing Name,Plan Name,Plan Type,' +
        '"Monthly Consolidated Premium\n(Includes Part C + D)",Contract ID,Plan ID',
      'MN,Hennepin,2026,"Acme, Inc.","Acme ""Best"" (HMO)",HMO,"$1,000.00",H9999,1',
      'MN,Nowhere,2026,Acme,Lost (HMO),HMO,$0,H9999,2',
    ];
    const report = await importMaLandscape(t.database.db, Readable.from([`\uFEFF${file.join('\r\n')}\r\n`]), {
      year: 2026,
    });
    expect(report).toMatchObject({
      imported: 1,
      plans: 1,
      rejected: [{ line: 4, reason: 'Unknown county "Nowhere" in MN' }],
    });
    const [plan] = await t.database.db
      .select()
      .from(supplyProducts)
      .where(eq(supplyProducts.id, 'ma_2026_MN_H9999_001_000'));
    expect(plan).toMatchObject({ orgName: 'Acme, Inc.', planName: 'Acme "Best" (HMO)', monthlyPremium: '$1,000.00' });
  });
});

describe('GET /arc/products/insurancetypes', () => {
  it('lists the product types, Medicare Advantage first', async () => {
    const res = await call('GET', '/arc/products/insurancetypes', tokenA);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({ name: 'Medicare Advantage' });
  });
});

describe('POST /arc/products/bycounty', () => {
  it("lists the county's carriers and marks the ones the agent is not Ready to Sell", async () => {
    const res = await call('POST', '/arc/products/bycounty', tokenA, { countyid: '55025', year: 2026 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        state: 'WI',
        county: 'Dane County',
        groups: [
          {
            name: 'Medicare Advantage',
            companies: [
              { name: 'Humana', plantypes: ['HMO', 'Local PPO'], isReadyToSell: true },
              { name: 'Wellcare', plantypes: ['HMO'], isReadyToSell: false },
            ],
          },
        ],
      },
    ]);
    const b = (await call('POST', '/arc/products/bycounty', tokenB, { countyid: '55025', year: 2026 })).json();
    expect(b[0].groups[0].companies.map((c: { isReadyToSell: boolean }) => c.isReadyToSell)).toEqual([false, true]);
  });

  it('answers 404 for an unknown county, 400 for a malformed one or a closed year', async () => {
    expect((await call('POST', '/arc/products/bycounty', tokenA, { countyid: '99999', year: 2026 })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/arc/products/bycounty', tokenA, { countyid: 'Dane', year: 2026 })).statusCode).toBe(
      400,
    );
    const closed = await call('POST', '/arc/products/bycounty', tokenA, { countyid: '55025', year: 2024 });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(SUPPLIES_MESSAGES.productYearClosed);
  });
});

describe('POST /arc/products/malandscapedata', () => {
  it("answers the carrier's plans in the county with the Plan record fields", async () => {
    const res = await call('POST', '/arc/products/malandscapedata', tokenA, {
      county: '55025',
      state: 'WI',
      year: 2026,
      company: 'Humana',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: MA_HUMANA,
        planname: 'Humana Gold Plus (HMO)',
        type: 'Medicare Advantage',
        orgname: 'Humana',
        monconspremium: '$0.00',
        annualdrugdeductible: '$250.00',
        innetworkmoop: '$5,900.00',
        contractid: 'H1234',
        planid: '007',
        plantypes: { name: 'HMO' },
        year: 2026,
        state: 'WI',
        isReadyToSell: true,
      },
      expect.objectContaining({ planid: '012', annualdrugdeductible: '-', innetworkmoop: null }),
    ]);
    const snp = await call('POST', '/arc/products/malandscapedata', tokenA, {
      county: '55025',
      state: 'WI',
      year: 2026,
      company: 'Wellcare',
    });
    expect(snp.json()[0]).toMatchObject({ snptype: 'Dual-Eligible', isReadyToSell: false });
  });

  it('answers 404 when the county is not in the state', async () => {
    const res = await call('POST', '/arc/products/malandscapedata', tokenA, {
      county: '55025',
      state: 'MN',
      year: 2026,
      company: 'Humana',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /arc/products/bystate', () => {
  it("lists a state's carriers of a type with the kit to add", async () => {
    const res = await call('POST', '/arc/products/bystate', tokenA, {
      stateabbr: 'WI',
      year: 2026,
      productType: 'Medicare Supplement',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        name: 'Medicare Supplement',
        companies: [
          {
            name: 'Mutual of Omaha',
            plantypes: [],
            isReadyToSell: true,
            product: expect.objectContaining({ id: KIT, state: 'WI', year: 2026, contractid: null }),
          },
        ],
      },
    ]);
  });

  it('answers 400 for an unknown product type or state', async () => {
    expect(
      (await call('POST', '/arc/products/bystate', tokenA, { stateabbr: 'WI', year: 2026, productType: 'Boats' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/arc/products/bystate', tokenA, {
          stateabbr: 'ZZ',
          year: 2026,
          productType: 'Medicare Supplement',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('the cart (/arc/agent/supplies/cart)', () => {
  beforeEach(async () => {
    await t.database.db.delete(supplyCartItems);
  });

  it('adds a product, then only updates its quantity, and removes it', async () => {
    const first = await call('PUT', `/arc/agent/supplies/cart/items/${MA_HUMANA}`, tokenA, { qty: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toEqual([
      {
        qty: 2,
        product: {
          id: MA_HUMANA,
          year: 2026,
          planname: 'Humana Gold Plus (HMO)',
          state: 'WI',
          orgname: 'Humana',
          type: 'Medicare Advantage',
          contractid: 'H1234',
          planid: '007',
        },
      },
    ]);
    clock.advance(1000);
    await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 1 });
    clock.advance(1000);
    const again = (await call('PUT', `/arc/agent/supplies/cart/items/${MA_HUMANA}`, tokenA, { qty: 5 })).json();
    expect(again.items.map((i: { qty: number; product: { id: string } }) => [i.product.id, i.qty])).toEqual([
      [MA_HUMANA, 5],
      [KIT, 1],
    ]);
    // kept per agent on the server: another agent's cart is their own
    expect((await call('GET', '/arc/agent/supplies/cart', tokenB)).json()).toEqual({ items: [] });
    expect((await call('GET', '/arc/agent/supplies/cart', tokenA)).json().items).toHaveLength(2);
    const removed = await call('DELETE', `/arc/agent/supplies/cart/items/${MA_HUMANA}`, tokenA);
    expect(removed.json().items.map((i: { product: { id: string } }) => i.product.id)).toEqual([KIT]);
  });

  it('refuses a quantity of 0, a fraction or text, an unknown product and a product of a closed year', async () => {
    for (const qty of [0, -1, 1.5, 'two', '2']) {
      const res = await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty });
      expect(res.statusCode, String(qty)).toBe(400);
    }
    expect((await call('PUT', '/arc/agent/supplies/cart/items/nope', tokenA, { qty: 1 })).statusCode).toBe(404);
    const old = await call('PUT', `/arc/agent/supplies/cart/items/${OLD_KIT}`, tokenA, { qty: 1 });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(SUPPLIES_MESSAGES.productYearClosed);
    expect((await call('GET', '/arc/agent/supplies/cart', tokenA)).json()).toEqual({ items: [] });
  });

  it('refuses a quantity above the maximum, saying so, and a fraction as not a whole number', async () => {
    const above = await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 1001 });
    expect(above.statusCode).toBe(400);
    expect(above.json().fieldErrors.qty).toEqual([SUPPLIES_MESSAGES.kitQuantityMax]);
    const fraction = await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 1.5 });
    expect(fraction.json().fieldErrors.qty).toEqual([SUPPLIES_MESSAGES.kitQuantityWhole]);
  });

  it('refuses a cart holding more kits than one order may, and keeps the cart as it was', async () => {
    await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 30 });
    const over = await call('PUT', `/arc/agent/supplies/cart/items/${MA_HUMANA}`, tokenA, { qty: 21 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(kitsPerOrderMessage(KITS_PER_ORDER, 51));
    // the line's own quantity is replaced, not added to
    expect((await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 50 })).statusCode).toBe(200);
    expect((await call('GET', '/arc/agent/supplies/cart', tokenA)).json().items).toEqual([
      expect.objectContaining({ qty: 50 }),
    ]);
  });
});

describe('PATCH /arc/agent/supplies/cart/items/:productId', () => {
  const patch = (productId: string, qty: unknown, token = tokenA) =>
    call('PATCH', `/arc/agent/supplies/cart/items/${productId}`, token, { qty });

  beforeEach(async () => {
    await t.database.db.delete(supplyCartItems);
    await call('PUT', `/arc/agent/supplies/cart/items/${MA_HUMANA}`, tokenA, { qty: 2 });
    clock.advance(1000);
    await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 1 });
  });

  it("changes a line's quantity and keeps the lines in their order", async () => {
    const res = await patch(MA_HUMANA, 7);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { qty: number; product: { id: string } }) => [i.product.id, i.qty])).toEqual([
      [MA_HUMANA, 7],
      [KIT, 1],
    ]);
  });

  it('refuses what Add to Cart refuses, with the same messages, and changes nothing', async () => {
    expect((await patch(KIT, 0)).json().fieldErrors.qty).toEqual([SUPPLIES_MESSAGES.kitQuantityMin]);
    expect((await patch(KIT, 1.5)).json().fieldErrors.qty).toEqual([SUPPLIES_MESSAGES.kitQuantityWhole]);
    expect((await patch(KIT, 1001)).json().fieldErrors.qty).toEqual([SUPPLIES_MESSAGES.kitQuantityMax]);
    expect((await patch(KIT, 'two')).statusCode).toBe(400);
    const over = await patch(KIT, 49);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(kitsPerOrderMessage(KITS_PER_ORDER, 51));
    expect(
      (await call('GET', '/arc/agent/supplies/cart', tokenA)).json().items.map((i: { qty: number }) => i.qty),
    ).toEqual([2, 1]);
  });

  it("answers 404 for a product not in the cart (another agent's line, a removed line) and does not add it", async () => {
    const other = await patch(KIT, 3, tokenB);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SUPPLIES_MESSAGES.notInCart);
    expect((await call('GET', '/arc/agent/supplies/cart', tokenB)).json()).toEqual({ items: [] });
    await call('DELETE', `/arc/agent/supplies/cart/items/${KIT}`, tokenA);
    expect((await patch(KIT, 3)).statusCode).toBe(404);
    expect((await patch('nope', 3)).statusCode).toBe(404);
    expect((await call('PATCH', `/arc/agent/supplies/cart/items/${KIT}`, undefined, { qty: 1 })).statusCode).toBe(401);
  });
});

describe('POST /arc/agent/supplies/orders', () => {
  let keySeq = 0;
  const key = () => `test-key-${Date.now()}-${++keySeq}`;
  const order = (token: string, idempotencyKey: string | null, body: unknown) =>
    call(
      'POST',
      '/arc/agent/supplies/orders',
      token,
      body,
      idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    );
  const ordersOf = async (agentId: string) =>
    (await t.database.db.select().from(supplyOrders)).filter((o) => o.agentId === agentId);
  type Line = { productId: string; qty: number };
  /** puts the lines in the agent's cart, as Add to Cart does */
  const fill = async (token: string, lines: Line[]) => {
    for (const line of lines) {
      const res = await call('PUT', `/arc/agent/supplies/cart/items/${line.productId}`, token, { qty: line.qty });
      expect(res.statusCode).toBe(200);
      clock.advance(1); // the cart lists lines in the order they were added
    }
  };
  const cartOf = async (token: string) =>
    (await call('GET', '/arc/agent/supplies/cart', token))
      .json()
      .items.map((i: { qty: number; product: { id: string } }) => ({ productId: i.product.id, qty: i.qty }));
  /** nothing of a refused order is left: no order, no log line, no claimed key */
  const expectNothingWritten = async (agentId: string, idempotencyKey: string) => {
    expect(await ordersOf(agentId)).toEqual([]);
    expect(await t.database.db.select().from(supplyOrderLog)).toEqual([]);
    const claims = await t.database.db.select().from(supplyOrderRequests);
    expect(claims.filter((c) => c.idempotencyKey === idempotencyKey)).toEqual([]);
  };

  beforeEach(async () => {
    await t.database.db.delete(supplyCartItems);
    await t.database.db.delete(supplyOrders);
    // a day later each time: the 24-hour kit cap starts afresh
    clock.advance(24 * 60 * 60 * 1000);
  });

  it('sends the lines as orders, logs them, empties the cart and answers Success', async () => {
    const at = clock.now().toISOString();
    await call('PUT', `/arc/agent/supplies/cart/items/${MA_HUMANA}`, tokenA, { qty: 2 });
    await call('PUT', `/arc/agent/supplies/cart/items/${KIT}`, tokenA, { qty: 1 });
    const res = await order(tokenA, key(), {
      address: ADDRESS,
      supplies: [
        { productId: MA_HUMANA, qty: 2 },
        { productId: KIT, qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'Success', message: 'Your order was sent.' });
    expect(body.orderIds).toHaveLength(2);
    expect((await call('GET', '/arc/agent/supplies/cart', tokenA)).json()).toEqual({ items: [] });

    const list = (await call('GET', '/arc/agent/supplies/orders', tokenA)).json();
    expect(list).toHaveLength(2);
    expect(list.find((o: { planid: string | null }) => o.planid === '007')).toMatchObject({
      status: null,
      first: 'Ann',
      last: 'Agent',
      orgname: 'Humana',
      plan_state: 'WI',
      year: 2026,
      type: 'Medicare Advantage',
      street_num: '10',
      street: 'E Main St',
      city: 'Madison',
      state: 'WI',
      zip: '53703',
      county: 'Dane County',
      contractid: 'H1234',
      qty: 2,
      special_instructions: 'Leave at the desk',
      ActID: agentA.actId,
      order_date: at,
    });
    const log = await call('GET', `/arc/agent/supplies/orders/${body.orderIds[0]}/log`, tokenA);
    expect(log.json()).toEqual([{ first: 'Ann', last: 'Agent', action: 'Order placed', tstamp: at }]);
    expect((await call('GET', '/arc/agent/supplies/orders', tokenB)).json()).toEqual([]);
  });

  it("answers 404 for another agent's order log and 400 for a malformed id", async () => {
    await fill(tokenA, [{ productId: KIT, qty: 1 }]);
    const res = await order(tokenA, key(), { address: ADDRESS, supplies: [{ productId: KIT, qty: 1 }] });
    const [id] = res.json().orderIds;
    expect((await call('GET', `/arc/agent/supplies/orders/${id}/log`, tokenB)).statusCode).toBe(404);
    expect((await call('GET', '/arc/agent/supplies/orders/999999/log', tokenA)).statusCode).toBe(404);
    expect((await call('GET', '/arc/agent/supplies/orders/abc/log', tokenA)).statusCode).toBe(400);
  });

  it('refuses an MA line for a carrier the agent is not Ready to Sell, naming it, and writes nothing', async () => {
    const lines = [
      { productId: KIT, qty: 1 },
      { productId: MA_WELLCARE, qty: 1 },
    ];
    await fill(tokenA, lines);
    const k = key();
    const res = await order(tokenA, k, { address: ADDRESS, supplies: lines });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Wellcare does not ship .* Ready to Sell its 2026 plans in WI\.$/);
    await expectNothingWritten(agentA.id, k);
    expect(await cartOf(tokenA)).toEqual(lines);
    // the other agent is Ready to Sell with Wellcare
    await fill(tokenB, [{ productId: MA_WELLCARE, qty: 1 }]);
    const b = await order(tokenB, key(), { address: ADDRESS, supplies: [{ productId: MA_WELLCARE, qty: 1 }] });
    expect(b.statusCode).toBe(200);
  });

  it('refuses an empty cart, a missing key, an address without a picked postal code and bad quantities', async () => {
    const empty = await order(tokenA, key(), { address: ADDRESS, supplies: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SUPPLIES_MESSAGES.emptyCart);
    const supplies = [{ productId: KIT, qty: 1 }];
    // lines sent while the cart is empty: the cart is what is ordered
    const k = key();
    const emptyCart = await order(tokenA, k, { address: ADDRESS, supplies });
    expect(emptyCart.statusCode).toBe(400);
    expect(emptyCart.json().message).toBe(SUPPLIES_MESSAGES.emptyCart);
    await expectNothingWritten(agentA.id, k);
    await fill(tokenA, supplies);
    expect((await order(tokenA, null, { address: ADDRESS, supplies })).statusCode).toBe(400);
    const noZip = await order(tokenA, key(), { address: { ...ADDRESS, postal_code: '' }, supplies });
    expect(noZip.statusCode).toBe(400);
    expect(noZip.json().fieldErrors['address.postal_code']).toEqual([SUPPLIES_MESSAGES.missingShipping]);
    const wrongState = await order(tokenA, key(), {
      address: { ...ADDRESS, administrative_area_level_1: 'MN' },
      supplies,
    });
    expect(wrongState.json().message).toBe(SUPPLIES_MESSAGES.missingShipping);
    expect((await order(tokenA, key(), { address: ADDRESS, supplies: [{ productId: KIT, qty: 0 }] })).statusCode).toBe(
      400,
    );
    expect(
      (await order(tokenA, key(), { address: ADDRESS, supplies: [{ productId: KIT, qty: 'x' }] })).statusCode,
    ).toBe(400);
    await t.database.db
      .insert(supplyCartItems)
      .values({ agentId: agentA.id, productId: OLD_KIT, qty: 1, addedAt: clock.now() });
    const old = await order(tokenA, key(), {
      address: ADDRESS,
      supplies: [...supplies, { productId: OLD_KIT, qty: 1 }],
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(SUPPLIES_MESSAGES.productYearClosed);
    expect(await ordersOf(agentA.id)).toEqual([]);
  });

  it("refuses lines that are not the cart's (a product not in it, another quantity, a line left out) and keeps the cart", async () => {
    const cart = [
      { productId: MA_HUMANA, qty: 2 },
      { productId: KIT, qty: 1 },
    ];
    await fill(tokenA, cart);
    for (const supplies of [
      [...cart, { productId: MA_WELLCARE, qty: 1 }],
      [
        { productId: MA_HUMANA, qty: 2 },
        { productId: KIT, qty: 1000 },
      ],
      [{ productId: KIT, qty: 1 }],
      [
        { productId: MA_HUMANA, qty: 2 },
        { productId: KIT, qty: 1 },
        { productId: KIT, qty: 1 },
      ],
    ]) {
      const k = key();
      const res = await order(tokenA, k, { address: ADDRESS, supplies });
      expect(res.statusCode, JSON.stringify(supplies)).toBe(409);
      expect(res.json().message).toBe(SUPPLIES_MESSAGES.cartChanged);
      await expectNothingWritten(agentA.id, k);
      expect(await cartOf(tokenA)).toEqual(cart);
    }
    // the lines of another agent's cart are not this agent's
    await fill(tokenB, [{ productId: KIT, qty: 4 }]);
    const k = key();
    expect((await order(tokenA, k, { address: ADDRESS, supplies: [{ productId: KIT, qty: 4 }] })).statusCode).toBe(409);
    // the same key, once the lines match the cart, sends the order (the refusal claimed nothing)
    const sent = await order(tokenA, k, { address: ADDRESS, supplies: [...cart].reverse() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().orderIds).toHaveLength(2);
    expect(await cartOf(tokenA)).toEqual([]);
    expect(await cartOf(tokenB)).toEqual([{ productId: KIT, qty: 4 }]);
  });

  it('refuses an order above the kits per order, and leaves the cart and the records as they were', async () => {
    // a cart filled before the cap was lowered
    await t.database.db.insert(supplyCartItems).values([
      { agentId: agentA.id, productId: KIT, qty: 40, addedAt: clock.now() },
      { agentId: agentA.id, productId: MA_HUMANA, qty: 11, addedAt: clock.now() },
    ]);
    const supplies = await cartOf(tokenA);
    const k = key();
    const res = await order(tokenA, k, { address: ADDRESS, supplies });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(kitsPerOrderMessage(KITS_PER_ORDER, 51));
    await expectNothingWritten(agentA.id, k);
    expect(await cartOf(tokenA)).toEqual(supplies);
  });

  it("refuses kits beyond the day's cap with 429, saying how many are ordered, and allows them 24 hours later", async () => {
    await fill(tokenA, [{ productId: KIT, qty: 50 }]);
    expect((await order(tokenA, key(), { address: ADDRESS, supplies: [{ productId: KIT, qty: 50 }] })).statusCode).toBe(
      200,
    );
    clock.advance(60 * 60 * 1000);
    await fill(tokenA, [{ productId: KIT, qty: 30 }]);
    expect((await order(tokenA, key(), { address: ADDRESS, supplies: [{ productId: KIT, qty: 30 }] })).statusCode).toBe(
      200,
    );
    const lines = [{ productId: MA_HUMANA, qty: 1 }];
    await fill(tokenA, lines);
    const k = key();
    const res = await order(tokenA, k, { address: ADDRESS, supplies: lines });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(kitsPerDayMessage(KITS_PER_DAY, 80));
    expect(await ordersOf(agentA.id)).toHaveLength(2);
    expect(await cartOf(tokenA)).toEqual(lines);
    // another agent has a cap of their own
    await fill(tokenB, [{ productId: KIT, qty: 1 }]);
    expect((await order(tokenB, key(), { address: ADDRESS, supplies: [{ productId: KIT, qty: 1 }] })).statusCode).toBe(
      200,
    );
    // 24 hours after the first order, its 50 kits no longer count
    clock.advance(23 * 60 * 60 * 1000 + 1);
    expect((await order(tokenA, k, { address: ADDRESS, supplies: lines })).statusCode).toBe(200);
  });

  it('answers a replayed key with the first answer, and 409 when the body differs', async () => {
    const k = key();
    const body = { address: ADDRESS, supplies: [{ productId: KIT, qty: 3 }] };
    await fill(tokenA, body.supplies);
    await fill(tokenB, body.supplies);
    const first = await order(tokenA, k, body);
    const again = await order(tokenA, k, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changed = await order(tokenA, k, { ...body, supplies: [{ productId: KIT, qty: 4 }] });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(SUPPLIES_MESSAGES.idempotencyMismatch);
    expect(await ordersOf(agentA.id)).toHaveLength(1);
    // the same key from another agent is that agent's own key
    expect((await order(tokenB, k, body)).statusCode).toBe(200);
  });

  it('makes one order from 20 concurrent submissions with one key', async () => {
    const k = key();
    const body = { address: ADDRESS, supplies: [{ productId: MA_HUMANA, qty: 2 }] };
    await fill(tokenA, body.supplies);
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(tokenA, k, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => JSON.stringify(a.json().orderIds)));
    expect(ids.size).toBe(1);
    expect(await ordersOf(agentA.id)).toHaveLength(1);
  });

  it('answers 429 past the orders an agent may send an hour, counted per agent', async () => {
    const limited = await createTestApp({ clock, env: { SUPPLY_ORDERS_PER_HOUR: '2' } });
    try {
      const db = limited.database.db;
      const a = await insertAgent(db);
      const b = await insertAgent(db);
      await ensureProductTypes(db);
      await db.insert(supplyProducts).values({
        id: KIT,
        year: 2026,
        type: 'Medicare Supplement',
        stateCode: 'WI',
        orgName: 'Mutual of Omaha',
        planName: 'Kit',
      });
      const send = async (agentId: string) => {
        const token = await mintAccessToken(limited, { agentId });
        const headers = bearer(token);
        await limited.app.inject({
          method: 'PUT',
          url: `/arc/agent/supplies/cart/items/${KIT}`,
          headers,
          payload: { qty: 1 },
        });
        return limited.app.inject({
          method: 'POST',
          url: '/arc/agent/supplies/orders',
          headers: { ...headers, 'idempotency-key': key() },
          payload: { address: ADDRESS, supplies: [{ productId: KIT, qty: 1 }] },
        });
      };
      expect((await send(a.id)).statusCode).toBe(200);
      expect((await send(a.id)).statusCode).toBe(200);
      const third = await send(a.id);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/rate limit|too many/i);
      expect((await send(b.id)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('GET /arc/salesforce/agent/actid/:id', () => {
  it("answers the agent's own CRM account id and 404 for anyone else's ActID", async () => {
    const own = await call('GET', `/arc/salesforce/agent/actid/${agentA.actId}`, tokenA);
    expect(own.statusCode).toBe(200);
    expect(own.json().Id).toMatch(/^001[0-9A-Za-z]{15}$/);
    expect((await call('GET', `/arc/salesforce/agent/actid/${agentB.actId}`, tokenA)).statusCode).toBe(404);
    expect((await call('GET', '/arc/salesforce/agent/actid/ACT-0', tokenA)).statusCode).toBe(404);
  });
});
