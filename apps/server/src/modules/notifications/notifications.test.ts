import type { NotificationList } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent, insertSupplyOrder } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: TestApp;
let staffToken = '';
let npnSeq = 72_000_000;

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await mintStaffToken(t, await insertStaff(t, { role: 'operations' }))).token;
});
afterAll(async () => {
  await t?.close();
});

async function agentWithOrder() {
  const agent = await insertAgent(t.database.db, { npn: String(++npnSeq) });
  const order = await insertSupplyOrder(t.database.db, { agentId: agent.id, planName: 'Kit A' });
  return { agent, order, token: await mintAccessToken(t, { agentId: agent.id }) };
}

const act = (orderId: number, version: number, action: object) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/staff/orders/actions',
    headers: bearer(staffToken),
    payload: { orders: [{ id: orderId, version }], action },
  });

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });

describe('the notification centre', () => {
  it('tells the agent an order shipped (with the tracking link) and was cancelled, in the portal and by e-mail', async () => {
    const { agent, order, token } = await agentWithOrder();
    expect((await get(token, '/arc/agent/notifications/unread-count')).json()).toEqual({ unread: 0 });
    expect((await act(order.id, 1, { kind: 'sent', carrierOrderNum: 'CO-1' })).statusCode).toBe(200);
    // Sent to carrier is not news for the agent
    expect((await get(token, '/arc/agent/notifications/unread-count')).json()).toEqual({ unread: 0 });
    expect((await act(order.id, 2, { kind: 'shipped', shipper: 'FedEx', tracking: '7712' })).statusCode).toBe(200);
    const other = await insertSupplyOrder(t.database.db, { agentId: agent.id });
    expect((await act(other.id, 1, { kind: 'cancelled', reason: 'Out of stock' })).statusCode).toBe(200);

    expect((await get(token, '/arc/agent/notifications/unread-count')).json()).toEqual({ unread: 2 });
    const list = (await get(token, '/arc/agent/notifications')).json<NotificationList>();
    expect(list.rows.map((n) => [n.kind, n.title, n.link, n.readAt])).toEqual([
      ['order-cancelled', `Order ${other.id} cancelled`, '/products', null],
      ['order-shipped', `Order ${order.id} shipped`, '/products', null],
    ]);
    expect(list.rows[0]!.body).toContain('Out of stock');
    expect(list.rows[1]!.body).toContain('https://www.fedex.com/fedextrack/?trknbr=7712');
    const mail = await waitForMail(t, agent.email, { count: 2 });
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(`Order ${order.id} shipped`)]),
    );
    expect(mail.find((m) => m.subject.includes('shipped'))!.text).toContain('trknbr=7712');
  });

  it('marks one read, then all read', async () => {
    const { order, token } = await agentWithOrder();
    await act(order.id, 1, { kind: 'cancelled', reason: 'One' });
    const [first] = (await get(token, '/arc/agent/notifications')).json<NotificationList>().rows;
    const read = await post(token, `/arc/agent/notifications/${first!.id}/read`);
    expect(read.json()).toEqual({ unread: 0 });
    const after = (await get(token, '/arc/agent/notifications')).json<NotificationList>();
    expect(after.rows[0]!.readAt).not.toBeNull();
    expect((await post(token, '/arc/agent/notifications/read-all')).json()).toEqual({ unread: 0 });
  });

  it("never shows an agent another agent's notifications: their list, count and mark-read are the agent's own", async () => {
    const a = await agentWithOrder();
    const b = await agentWithOrder();
    await act(a.order.id, 1, { kind: 'cancelled', reason: 'For A only' });
    const [aNote] = (await get(a.token, '/arc/agent/notifications')).json<NotificationList>().rows;
    expect((await get(b.token, '/arc/agent/notifications')).json<NotificationList>().rows).toEqual([]);
    expect((await get(b.token, '/arc/agent/notifications/unread-count')).json()).toEqual({ unread: 0 });
    expect((await post(b.token, `/arc/agent/notifications/${aNote!.id}/read`)).statusCode).toBe(404);
    await post(b.token, '/arc/agent/notifications/read-all');
    expect((await get(a.token, '/arc/agent/notifications/unread-count')).json()).toEqual({ unread: 1 });
  });

  it('pages newest first with before, and answers 400 for a bad id', async () => {
    const { agent, token } = await agentWithOrder();
    for (let i = 0; i < 22; i++) {
      const order = await insertSupplyOrder(t.database.db, { agentId: agent.id });
      await act(order.id, 1, { kind: 'cancelled', reason: `R${i}` });
    }
    const first = (await get(token, '/arc/agent/notifications')).json<NotificationList>();
    expect(first.rows).toHaveLength(20);
    const next = (await get(token, `/arc/agent/notifications?before=${first.nextBefore}`)).json<NotificationList>();
    expect(next.rows).toHaveLength(2);
    expect(next.rows[1]!.body).toContain('R0');
    expect((await post(token, '/arc/agent/notifications/abc/read')).statusCode).toBe(400);
  });

  it('e-mails no kind the agent opted out of on My Profile; the portal shows it all the same', async () => {
    const { agent, order, token } = await agentWithOrder();
    const put = (optedOut: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/arc/agent/notifications/email-settings',
        headers: bearer(token),
        payload: { optedOut },
      });
    expect((await get(token, '/arc/agent/notifications/email-settings')).json()).toEqual({ optedOut: [] });
    expect((await put(['order-cancelled', 'order-cancelled'])).json()).toEqual({ optedOut: ['order-cancelled'] });
    expect((await put(['order-lost'])).statusCode).toBe(400);
    await act(order.id, 1, { kind: 'cancelled', reason: 'Quietly' });
    const second = await insertSupplyOrder(t.database.db, { agentId: agent.id });
    await act(second.id, 1, { kind: 'shipped', shipper: 'USPS', tracking: '9400' });
    expect((await get(token, '/arc/agent/notifications/unread-count')).json()).toEqual({ unread: 2 });
    const mail = await waitForMail(t, agent.email);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringContaining(`Order ${second.id} shipped`)]);
    expect((await put([])).json()).toEqual({ optedOut: [] });
  });
});
