import {
  STAFF_ORDER_MESSAGES,
  STAFF_ORDERS_EXPORT_COLUMNS,
  type StaffOrderList,
  type StaffOrderRow,
  type StaffRole,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, supplyOrderLog, supplyOrders } from '../../db/schema/index.ts';
import { insertAgent, insertSupplyOrder } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
let opsEmail = '';
let npnSeq = 71_000_000;
const nextNpn = () => String(++npnSeq);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    const email = `${role}.member@provider.test`;
    if (role === 'operations') opsEmail = email;
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role, email }))).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

/** An agent with a token, and one order of theirs. */
async function agentWithOrder(overrides: Partial<typeof supplyOrders.$inferInsert> = {}) {
  const agent = await insertAgent(t.database.db, { npn: nextNpn() });
  const order = await insertSupplyOrder(t.database.db, { agentId: agent.id, ...overrides });
  const token = await mintAccessToken(t, { agentId: agent.id });
  return { agent, order, token };
}

const act = (role: StaffRole, orders: { id: number; version: number }[], action: object) =>
  call(role, 'POST', '/arc/staff/orders/actions', { orders, action });

const agentLog = async (token: string, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/arc/agent/supplies/orders/${id}/log`, headers: bearer(token) })).json<
    { first: string; last: string; action: string; link?: string }[]
  >();

const stored = async (id: number) =>
  (await t.database.db.select().from(supplyOrders).where(eq(supplyOrders.id, id)))[0]!;

describe('roles', () => {
  it('lets admin and operations read the queue and act; content and support get 403 and nothing changes', async () => {
    const { order } = await agentWithOrder();
    for (const role of ['content', 'support'] as const) {
      expect((await call(role, 'GET', '/arc/staff/orders')).statusCode).toBe(403);
      const sent = await act(role, [{ id: order.id, version: 1 }], { kind: 'sent', carrierOrderNum: 'CO-1' });
      expect(sent.statusCode).toBe(403);
      expect((await call(role, 'POST', '/arc/staff/orders/export', { ids: [order.id] })).statusCode).toBe(403);
    }
    expect((await stored(order.id)).version).toBe(1);
    for (const role of ['admin', 'operations'] as const) {
      expect((await call(role, 'GET', '/arc/staff/orders')).statusCode).toBe(200);
    }
    const res = await act('admin', [{ id: order.id, version: 1 }], { kind: 'sent', carrierOrderNum: 'CO-1' });
    expect(res.statusCode).toBe(200);
  });

  it("answers 401 without a token and 403 for an agent's token", async () => {
    const { token } = await agentWithOrder();
    expect((await t.app.inject({ method: 'GET', url: '/arc/staff/orders' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/arc/staff/orders', headers: bearer(token) })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /arc/staff/orders', () => {
  it('filters by status, carrier, plan state, product type and date range; searches by agent or order number', async () => {
    const carrier = `Carrier ${nextNpn()}`;
    const { agent, order: early } = await agentWithOrder({
      orgName: carrier,
      orderDate: new Date('2026-03-02T18:00:00Z'),
      planState: 'TX',
    });
    const late = await insertSupplyOrder(t.database.db, {
      agentId: agent.id,
      orgName: carrier,
      orderDate: new Date('2026-03-20T18:00:00Z'),
      status: 'Shipped',
      type: 'Medicare Advantage',
    });
    const list = async (query: string) =>
      (
        await call('operations', 'GET', `/arc/staff/orders?carrier=${encodeURIComponent(carrier)}&${query}`)
      ).json<StaffOrderList>();
    expect((await list('')).rows.map((r) => r.id)).toEqual([late.id, early.id]);
    expect((await list('sort=orderDate')).rows.map((r) => r.id)).toEqual([early.id, late.id]);
    expect((await list('status=Shipped')).rows.map((r) => r.id)).toEqual([late.id]);
    expect((await list('status=Not%20Completed')).rows.map((r) => r.id)).toEqual([early.id]);
    expect((await list('planState=tx')).rows.map((r) => r.id)).toEqual([early.id]);
    expect((await list('type=Medicare%20Advantage')).rows.map((r) => r.id)).toEqual([late.id]);
    expect((await list('from=2026-03-10&to=2026-03-20')).rows.map((r) => r.id)).toEqual([late.id]);
    expect((await list('from=2026-03-01&to=2026-03-02')).rows.map((r) => r.id)).toEqual([early.id]);
    expect((await list(`q=${agent.npn}`)).total).toBe(2);
    expect((await list(`q=${agent.lastName.toLowerCase()}`)).total).toBe(2);
    const byNumber = await list(`q=${late.id}`);
    expect(byNumber.rows.map((r) => r.id)).toEqual([late.id]);
    const row = byNumber.rows[0]!;
    expect(row).toMatchObject({
      status: 'Shipped',
      version: 1,
      carrier,
      agent: { npn: agent.npn, firstName: agent.firstName, lastName: agent.lastName },
      shipTo: '1200 John Q Hammons Dr, Madison, WI 53717',
    });
    const all = await list('');
    expect(all).toMatchObject({ total: 2, totalCapped: false });
    expect(all.choices.carriers).toContain(carrier);
    expect(all.choices.types).toEqual(expect.arrayContaining(['Medicare Advantage']));
    // a search nobody matches finds nothing (no agent, not an order number)
    expect((await list('q=zzzz-nobody')).total).toBe(0);
    expect(all.choices.planStates).toEqual(expect.arrayContaining(['TX', 'WI']));
  });

  it('answers 400 for a bad date or an unknown status', async () => {
    expect((await call('admin', 'GET', '/arc/staff/orders?from=yesterday')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/arc/staff/orders?status=Lost')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/arc/staff/orders?sort=price')).statusCode).toBe(400);
  });
});

describe('POST /arc/staff/orders/actions', () => {
  it('moves an order on: Sent to carrier, then Shipped with the tracking link, each in the log the agent reads', async () => {
    const { order, token } = await agentWithOrder();
    const sent = await act('operations', [{ id: order.id, version: 1 }], { kind: 'sent', carrierOrderNum: 'CO-77' });
    expect(sent.statusCode).toBe(200);
    const afterSent = sent.json<{ orders: StaffOrderRow[] }>().orders[0]!;
    expect(afterSent).toMatchObject({ status: 'Processing', carrierOrderNum: 'CO-77', version: 2 });

    const shipped = await act('operations', [{ id: order.id, version: 2 }], {
      kind: 'shipped',
      shipper: 'UPS',
      tracking: '1Z 999',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json<{ orders: StaffOrderRow[] }>().orders[0]).toMatchObject({
      status: 'Shipped',
      shipper: 'UPS',
      tracking: '1Z 999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999',
      version: 3,
    });
    const name = opsEmail.split('@')[0];
    expect(await agentLog(token, order.id)).toEqual([
      expect.objectContaining({ action: 'Order placed' }),
      expect.objectContaining({ first: name, last: '', action: 'Sent to carrier, carrier order CO-77' }),
      expect.objectContaining({
        first: name,
        action: 'Shipped by UPS, tracking 1Z 999',
        link: 'https://www.ups.com/track?tracknum=1Z%20999',
      }),
    ]);
    const agentOrders = await t.app.inject({
      method: 'GET',
      url: '/arc/agent/supplies/orders',
      headers: bearer(token),
    });
    expect(agentOrders.json()[0]).toMatchObject({ status: 'Shipped', tracking: '1Z 999', carrier_order_num: 'CO-77' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, String(order.id)), eq(auditLog.agentId, order.agentId)));
    expect(audits.map((a) => a.action).sort()).toEqual(['supply-order.sent', 'supply-order.shipped']);
  });

  it('cancels with a reason the agent reads; keeps an internal note from the agent', async () => {
    const { order, token } = await agentWithOrder();
    const note = await act('admin', [{ id: order.id, version: 1 }], {
      kind: 'note',
      text: 'Called the carrier',
      isVisibleToAgent: false,
    });
    expect(note.statusCode).toBe(200);
    const visible = await act('admin', [{ id: order.id, version: 2 }], {
      kind: 'note',
      text: 'Kits are back-ordered',
      isVisibleToAgent: true,
    });
    expect(visible.statusCode).toBe(200);
    const cancelled = await act('admin', [{ id: order.id, version: 3 }], {
      kind: 'cancelled',
      reason: 'Kit discontinued',
    });
    expect(cancelled.json<{ orders: StaffOrderRow[] }>().orders[0]).toMatchObject({
      status: 'Cancelled',
      notes: 'Kit discontinued',
    });
    const actions = (await agentLog(token, order.id)).map((e) => e.action);
    expect(actions).toEqual(['Order placed', 'Note: Kits are back-ordered', 'Cancelled: Kit discontinued']);
    const all = await t.database.db.select().from(supplyOrderLog).where(eq(supplyOrderLog.orderId, order.id));
    expect(all.filter((e) => e.isInternal).map((e) => e.action)).toEqual(['Note: Called the carrier']);
  });

  it('refuses illegal moves with their message (409) and writes nothing', async () => {
    const { order: cancelled } = await agentWithOrder({ status: 'Cancelled' });
    const { order: shipped } = await agentWithOrder({ status: 'Shipped' });
    const cases = [
      [cancelled, { kind: 'shipped', shipper: 'FedEx', tracking: '1' }, STAFF_ORDER_MESSAGES.shipCancelled],
      [cancelled, { kind: 'sent', carrierOrderNum: '1' }, STAFF_ORDER_MESSAGES.sendCancelled],
      [cancelled, { kind: 'cancelled', reason: 'x' }, STAFF_ORDER_MESSAGES.alreadyCancelled],
      [shipped, { kind: 'cancelled', reason: 'x' }, STAFF_ORDER_MESSAGES.cancelShipped],
      [shipped, { kind: 'shipped', shipper: 'USPS', tracking: '1' }, STAFF_ORDER_MESSAGES.alreadyShipped],
    ] as const;
    for (const [order, action, message] of cases) {
      const res = await act('operations', [{ id: order.id, version: 1 }], action);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect((await stored(cancelled.id)).version).toBe(1);
    expect((await stored(shipped.id)).version).toBe(1);
    const logs = await t.database.db.select().from(supplyOrderLog).where(eq(supplyOrderLog.orderId, shipped.id));
    expect(logs).toHaveLength(1);
  });

  it('refuses a stale version with the "changed by someone else" message and writes nothing', async () => {
    const { order } = await agentWithOrder();
    await act('admin', [{ id: order.id, version: 1 }], { kind: 'sent', carrierOrderNum: 'CO-1' });
    const stale = await act('operations', [{ id: order.id, version: 1 }], { kind: 'cancelled', reason: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This order was changed by someone else. Reload to see the change.');
    expect(await stored(order.id)).toMatchObject({ status: 'Processing', version: 2, notes: null });
  });

  it('lets one of two concurrent actions with the same version win; the other is a 409 and leaves no trace', async () => {
    const { order } = await agentWithOrder();
    const [a, b] = await Promise.all([
      act('admin', [{ id: order.id, version: 1 }], { kind: 'shipped', shipper: 'UPS', tracking: 'A1' }),
      act('operations', [{ id: order.id, version: 1 }], { kind: 'cancelled', reason: 'Too late' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(STAFF_ORDER_MESSAGES.stale);
    const row = await stored(order.id);
    expect(row.version).toBe(2);
    const logs = await t.database.db.select().from(supplyOrderLog).where(eq(supplyOrderLog.orderId, order.id));
    expect(logs).toHaveLength(2);
    expect(row.status === 'Shipped' ? row.notes : row.tracking).toBeNull();
  });

  it('acts on a selection all or nothing: one stale order refuses the whole selection, naming it', async () => {
    const { order: one } = await agentWithOrder();
    const { order: two } = await agentWithOrder();
    const res = await act(
      'operations',
      [
        { id: one.id, version: 1 },
        { id: two.id, version: 5 },
      ],
      { kind: 'sent', carrierOrderNum: 'BATCH-1' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Order ${two.id}: ${STAFF_ORDER_MESSAGES.stale}`);
    expect((await stored(one.id)).version).toBe(1);
    const ok = await act(
      'operations',
      [
        { id: one.id, version: 1 },
        { id: two.id, version: 1 },
      ],
      { kind: 'sent', carrierOrderNum: 'BATCH-1' },
    );
    expect(ok.json<{ orders: StaffOrderRow[] }>().orders.map((o) => o.status)).toEqual(['Processing', 'Processing']);
  });

  it('answers 404 for an unknown order and 400 for a bad action', async () => {
    expect(
      (await act('admin', [{ id: 999_999, version: 1 }], { kind: 'note', text: 'x', isVisibleToAgent: true }))
        .statusCode,
    ).toBe(404);
    const { order } = await agentWithOrder();
    expect(
      (await act('admin', [{ id: order.id, version: 1 }], { kind: 'shipped', shipper: 'DHL', tracking: '1' }))
        .statusCode,
    ).toBe(400);
    expect((await act('admin', [{ id: order.id, version: 1 }], { kind: 'cancelled', reason: '  ' })).statusCode).toBe(
      400,
    );
    expect((await act('admin', [], { kind: 'sent', carrierOrderNum: '1' })).statusCode).toBe(400);
  });
});

describe('POST /arc/staff/orders/export', () => {
  it('sends the selected orders as .xlsx, one sheet per carrier, formula-guarded', async () => {
    const { agent, order: humana } = await agentWithOrder({
      orgName: 'Humana',
      specialInstructions: '=HYPERLINK("x")',
    });
    const aetna = await insertSupplyOrder(t.database.db, { agentId: agent.id, orgName: 'Aetna', qty: 4 });
    const res = await call('operations', 'POST', '/arc/staff/orders/export', { ids: [humana.id, aetna.id] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Aetna', 'Humana']);
    const [aetnaSheet, humanaSheet] = workbook.worksheets;
    expect(aetnaSheet!.getRow(1).values).toEqual([undefined, ...STAFF_ORDERS_EXPORT_COLUMNS]);
    expect(aetnaSheet!.getRow(2).values).toEqual([
      undefined,
      aetna.id,
      `${agent.firstName} ${agent.lastName}`,
      agent.npn,
      '1200 John Q Hammons Dr, Madison, WI 53717',
      'Medicare Supplement',
      2027,
      'Humana Medicare Supplement Kit',
      4,
    ]);
    expect(humanaSheet!.getRow(2).getCell(9).value).toBe('\'=HYPERLINK("x")');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'supply-orders.exported'));
    expect(audit?.detail).toEqual({ ids: [humana.id, aetna.id] });
  });

  it('answers 404 naming an unknown order', async () => {
    const res = await call('admin', 'POST', '/arc/staff/orders/export', { ids: [999_998] });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /arc/staff/orders/:id', () => {
  it('answers the order with its ship-to, instructions and whole history, internal notes included', async () => {
    const { order } = await agentWithOrder({ specialInstructions: 'Leave at the side door' });
    const noted = await act('operations', [{ id: order.id, version: 1 }], {
      kind: 'note',
      text: 'Checked the stock',
      isVisibleToAgent: false,
    });
    expect(noted.statusCode).toBe(200);
    const res = await call('admin', 'GET', `/arc/staff/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ order: StaffOrderRow; log: { by: string; action: string; isInternal: boolean }[] }>();
    expect(body.order).toMatchObject({ id: order.id, specialInstructions: 'Leave at the side door', assignee: null });
    expect(body.order.shipTo).toContain(order.city);
    expect(body.log.at(-1)).toMatchObject({
      by: opsEmail.split('@')[0],
      action: 'Note: Checked the stock',
      isInternal: true,
    });
  });

  it('answers 404 for an unknown order, 400 for a bad number, 403 for content and support', async () => {
    expect((await call('admin', 'GET', '/arc/staff/orders/999999')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/arc/staff/orders/abc')).statusCode).toBe(400);
    const { order } = await agentWithOrder();
    for (const role of ['content', 'support'] as const) {
      expect((await call(role, 'GET', `/arc/staff/orders/${order.id}`)).statusCode).toBe(403);
    }
  });
});
