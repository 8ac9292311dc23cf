import {
  STAFF_CASE_MESSAGES,
  STAFF_ENROLLMENT_MESSAGES,
  STAFF_ORDER_MESSAGES,
  WORK_MESSAGES,
  type StaffCase,
  type StaffCaseList,
  type StaffCaseRow,
  type StaffEnrollmentDetail,
  type StaffEnrollmentList,
  type StaffEnrollmentRow,
  type StaffOrderList,
  type StaffOrderRow,
  type StaffRole,
  type WorkDashboard,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cases, enrollmentLog, enrollments, supplyOrderLog, supplyOrders } from '../../db/schema/index.ts';
import { insertEnrollment } from '../../seed/enrollments.ts';
import { insertAgent, insertSupplyOrder } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const ids = {} as Record<StaffRole, string>;
let colleagueId = '';
let colleagueToken = '';
let disabledId = '';
let npnSeq = 74_000_000;
const nextNpn = () => String(++npnSeq);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    ids[role] = await insertStaff(t, { role, email: `${role}.work@provider.test` });
    tokens[role] = (await mintStaffToken(t, ids[role])).token;
  }
  colleagueId = await insertStaff(t, { role: 'support', email: 'sam.support@provider.test' });
  colleagueToken = (await mintStaffToken(t, colleagueId)).token;
  disabledId = await insertStaff(t, { role: 'operations', email: 'gone@provider.test', status: 'disabled' });
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object, token = tokens[role]) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const agent = () => insertAgent(t.database.db, { npn: nextNpn(), email: `w${npnSeq}@agents.test` });
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

async function insertCaseRow(overrides: Partial<typeof cases.$inferInsert> = {}) {
  const owner = await agent();
  const id = `C${++npnSeq}`;
  await t.database.db.insert(cases).values({
    id,
    agentId: owner.id,
    memberName: 'Rosa Martinez',
    memberId: 'H1234',
    dateOfBirth: '1954-03-09',
    memberPhoneNumber: '',
    requestType: 'Claim Issue',
    carrier: 'Humana',
    description: '',
    carrierService: '',
    emailedTo: 'member-support@arc.example',
    ...overrides,
  });
  return id;
}

describe('GET /arc/staff/work', () => {
  it('counts each queue’s waiting work, its oldest and what is past its SLA; my work and each member’s', async () => {
    const a = await agent();
    // orders: two Not Completed (one past the 48-hour SLA), one Processing assigned to operations, one shipped today
    await insertSupplyOrder(t.database.db, { agentId: a.id, orderDate: ago(60) });
    await insertSupplyOrder(t.database.db, { agentId: a.id, orderDate: ago(2) });
    await insertSupplyOrder(t.database.db, {
      agentId: a.id,
      status: 'Processing',
      orderDate: ago(5),
      assigneeId: ids.operations,
    });
    await insertSupplyOrder(t.database.db, { agentId: a.id, status: 'Shipped', orderDate: ago(3), doneAt: ago(1) });
    // enrollments: Received 30 h ago (past 24 h), In Review 1 h ago assigned to support, Pended, Submitted
    await insertEnrollment(t.database.db, { agentId: a.id, status: 'Received', receivedAt: ago(30) });
    await insertEnrollment(t.database.db, {
      agentId: a.id,
      status: 'In Review',
      receivedAt: ago(1),
      assigneeId: ids.support,
    });
    await insertEnrollment(t.database.db, { agentId: a.id, status: 'Pended', reason: 'x', receivedAt: ago(80) });
    await insertEnrollment(t.database.db, { agentId: a.id, status: 'Submitted', receivedAt: ago(4), doneAt: ago(2) });
    // cases: open and unassigned (one past 24 h), open and assigned to operations, closed
    await insertCaseRow({ createdAt: ago(26) });
    await insertCaseRow({ createdAt: ago(1) });
    await insertCaseRow({ createdAt: ago(3), assigneeId: ids.operations });
    await insertCaseRow({ createdAt: ago(3), status: 'Closed', doneAt: ago(1) });

    for (const role of ['admin', 'operations', 'content', 'support'] as const) {
      expect((await call(role, 'GET', '/arc/staff/work')).statusCode, role).toBe(200);
    }
    const res = await call('operations', 'GET', '/arc/staff/work');
    const body = res.json<WorkDashboard>();
    const queue = (name: string) => body.queues.find((q) => q.queue === name)!;
    expect(queue('orders')).toMatchObject({ waiting: 2, pastSla: 1, slaHours: 48 });
    expect(new Date(queue('orders').oldestAt!).getTime()).toBeLessThan(ago(59).getTime());
    expect(queue('enrollments')).toMatchObject({ waiting: 2, pastSla: 1, slaHours: 24 });
    expect(queue('pended')).toMatchObject({ waiting: 1, pastSla: 1, slaHours: 72 });
    expect(queue('cases')).toMatchObject({ waiting: 2, pastSla: 1, slaHours: 24 });
    expect(body.mine).toEqual({ orders: 1, enrollments: 0, cases: 1 });
    expect(body.members).toEqual([
      { id: ids.operations, name: 'operations.work', orders: 1, enrollments: 0, cases: 1 },
      { id: ids.support, name: 'support.work', orders: 0, enrollments: 1, cases: 0 },
    ]);
    expect(body.trend.orders).toHaveLength(30);
    expect(body.trend.orders.at(-1)!.done).toBe(1);
    const total = (days: { received: number; done: number }[]) =>
      days.reduce((sum, d) => ({ received: sum.received + d.received, done: sum.done + d.done }), {
        received: 0,
        done: 0,
      });
    expect(total(body.trend.orders)).toEqual({ received: 4, done: 1 });
    expect(total(body.trend.enrollments)).toEqual({ received: 4, done: 1 });
    expect(total(body.trend.cases)).toEqual({ received: 4, done: 1 });
  });

  it('answers 401 without a token and 403 for an agent', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/arc/staff/work' })).statusCode).toBe(401);
  });
});

describe('POST /arc/staff/orders/assign', () => {
  it('assigns a selection to a colleague, filters by assignee, logs it kept from the agent and audits it', async () => {
    const a = await agent();
    const orders = await Promise.all([1, 2, 3].map(() => insertSupplyOrder(t.database.db, { agentId: a.id })));
    const selection = orders.map((o) => ({ id: o.id, version: o.version }));
    const res = await call('operations', 'POST', '/arc/staff/orders/assign', {
      orders: selection,
      assigneeId: ids.admin,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ orders: StaffOrderRow[] }>().orders;
    expect(rows.map((r) => r.assignee)).toEqual(orders.map(() => ({ id: ids.admin, name: 'admin.work' })));
    expect(rows.every((r) => r.version === 2)).toBe(true);

    const mine = (await call('admin', 'GET', '/arc/staff/orders?assignee=mine')).json<StaffOrderList>();
    expect(mine.rows.map((r) => r.id).sort()).toEqual(orders.map((o) => o.id).sort());
    const byId = (await call('operations', 'GET', `/arc/staff/orders?assignee=${ids.admin}`)).json<StaffOrderList>();
    expect(byId.total).toBe(3);
    const unassigned = (await call('operations', 'GET', '/arc/staff/orders?assignee=none')).json<StaffOrderList>();
    expect(unassigned.rows.some((r) => orders.some((o) => o.id === r.id))).toBe(false);
    expect(mine.assignees.map((m) => m.id).sort()).toEqual([ids.admin, ids.operations].sort());

    const log = await t.database.db.select().from(supplyOrderLog).where(eq(supplyOrderLog.orderId, orders[0]!.id));
    expect(log.at(-1)).toMatchObject({
      action: 'Assigned to admin.work',
      isInternal: true,
      firstName: 'operations.work',
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supply-order.assigned'), eq(auditLog.subject, String(orders[0]!.id))));
    expect(audits).toMatchObject([{ staffId: ids.operations, detail: { from: null, to: ids.admin } }]);

    // unassign
    const back = await call('admin', 'POST', '/arc/staff/orders/assign', {
      orders: rows.map((r) => ({ id: r.id, version: r.version })),
      assigneeId: null,
    });
    expect(back.json<{ orders: StaffOrderRow[] }>().orders.every((r) => r.assignee === null)).toBe(true);
  });

  it('refuses a member who does not work orders, a disabled one, a stale version; nothing is written', async () => {
    const a = await agent();
    const [o1, o2] = [
      await insertSupplyOrder(t.database.db, { agentId: a.id }),
      await insertSupplyOrder(t.database.db, { agentId: a.id }),
    ];
    const assign = (assigneeId: string | null, orders = [o1, o2].map((o) => ({ id: o.id, version: 1 }))) =>
      call('operations', 'POST', '/arc/staff/orders/assign', { orders, assigneeId });
    for (const who of [ids.support, ids.content, disabledId, 'nobody']) {
      const res = await assign(who);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(WORK_MESSAGES.notAnAssignee);
    }
    const stale = await assign(ids.operations, [
      { id: o1.id, version: 1 },
      { id: o2.id, version: 7 },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(`Order ${o2.id}: ${STAFF_ORDER_MESSAGES.stale}`);
    const stored = await t.database.db.select().from(supplyOrders).where(eq(supplyOrders.id, o1.id));
    expect(stored[0]).toMatchObject({ assigneeId: null, version: 1 });
    expect((await assign(ids.operations, [{ id: 999_999, version: 1 }])).statusCode).toBe(404);
    expect((await call('operations', 'POST', '/arc/staff/orders/assign', { orders: [] })).statusCode).toBe(400);
    for (const role of ['content', 'support'] as const) {
      const res = await call(role, 'POST', '/arc/staff/orders/assign', {
        orders: [{ id: o1.id, version: 1 }],
        assigneeId: ids.admin,
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /arc/staff/enrollments/queue/assign', () => {
  it('ops assigns three to a support colleague, who works them from Mine; support cannot work the others', async () => {
    const a = await agent();
    const rows = await Promise.all(
      [1, 2, 3, 4].map(() => insertEnrollment(t.database.db, { agentId: a.id, status: 'Received' })),
    );
    const three = rows.slice(0, 3);
    const res = await call('operations', 'POST', '/arc/staff/enrollments/queue/assign', {
      enrollments: three.map((e) => ({ id: e.id, version: e.version })),
      assigneeId: colleagueId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ enrollments: StaffEnrollmentRow[] }>().enrollments.map((e) => e.assignee?.name)).toEqual([
      'sam.support',
      'sam.support',
      'sam.support',
    ]);

    const mine = (
      await call('support', 'GET', '/arc/staff/enrollments/queue?assignee=mine', undefined, colleagueToken)
    ).json<StaffEnrollmentList>();
    expect(mine.rows.map((r) => r.id).sort()).toEqual(three.map((e) => e.id).sort());
    expect(mine.assignees.map((m) => m.id)).toContain(colleagueId);

    // the colleague starts the review of one of theirs
    const first = mine.rows[0]!;
    const acted = await call(
      'support',
      'POST',
      `/arc/staff/enrollments/queue/${first.id}/actions`,
      { version: first.version, action: { kind: 'review' } },
      colleagueToken,
    );
    expect(acted.statusCode).toBe(200);
    expect(acted.json<StaffEnrollmentDetail>().enrollment.status).toBe('In Review');
    const log = await t.database.db.select().from(enrollmentLog).where(eq(enrollmentLog.enrollmentId, first.id));
    expect(log.map((l) => l.action).sort()).toEqual(['Assigned to sam.support', 'Start review']);

    // not theirs: 403, unchanged
    const other = rows[3]!;
    const refused = await call(
      'support',
      'POST',
      `/arc/staff/enrollments/queue/${other.id}/actions`,
      { version: other.version, action: { kind: 'review' } },
      colleagueToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WORK_MESSAGES.supportAssignedOnly);
    const file = await call(
      'support',
      'GET',
      `/arc/staff/enrollments/queue/${other.id}/file`,
      undefined,
      colleagueToken,
    );
    expect(file.statusCode).toBe(403);
    const stored = await t.database.db.select().from(enrollments).where(eq(enrollments.id, other.id));
    expect(stored[0]).toMatchObject({ status: 'Received', version: 1 });

    // support does not assign; the audit names both ends
    const selfAssign = await call('support', 'POST', '/arc/staff/enrollments/queue/assign', {
      enrollments: [{ id: other.id, version: 1 }],
      assigneeId: ids.support,
    });
    expect(selfAssign.statusCode).toBe(403);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enrollment.assigned'), eq(auditLog.subject, first.id)));
    expect(audits).toMatchObject([{ staffId: ids.operations, detail: { from: null, to: colleagueId } }]);
  });

  it('sets done when submitted to the carrier and clears it on a pend', async () => {
    const a = await agent();
    const e = await insertEnrollment(t.database.db, { agentId: a.id, status: 'In Review' });
    const act = (version: number, action: object) =>
      call('operations', 'POST', `/arc/staff/enrollments/queue/${e.id}/actions`, { version, action });
    expect((await act(1, { kind: 'submit' })).statusCode).toBe(200);
    const done = async () =>
      (await t.database.db.select().from(enrollments).where(eq(enrollments.id, e.id)))[0]!.doneAt;
    expect(await done()).toBeInstanceOf(Date);
    expect((await act(2, { kind: 'pend', reason: 'Missing signature' })).statusCode).toBe(200);
    expect(await done()).toBeNull();
  });

  it('refuses an unknown enrollment (404), a stale version (409) and a member of no enrollment role (400)', async () => {
    const a = await agent();
    const e = await insertEnrollment(t.database.db, { agentId: a.id });
    const assign = (enrollments: object[], assigneeId: string | null) =>
      call('admin', 'POST', '/arc/staff/enrollments/queue/assign', { enrollments, assigneeId });
    expect((await assign([{ id: 'nope', version: 1 }], ids.admin)).statusCode).toBe(404);
    const stale = await assign([{ id: e.id, version: 3 }], ids.admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STAFF_ENROLLMENT_MESSAGES.stale);
    expect((await assign([{ id: e.id, version: 1 }], ids.content)).statusCode).toBe(400);
  });
});

describe('POST /arc/staff/cases/assign', () => {
  it('assigns a selection, filters by assignee, request type and carrier; content gets 403', async () => {
    const c1 = await insertCaseRow({ carrier: 'Aetna', requestType: 'Billing Support' });
    const c2 = await insertCaseRow({ carrier: 'Aetna' });
    const res = await call('support', 'POST', '/arc/staff/cases/assign', {
      cases: [
        { id: c1, version: 1 },
        { id: c2, version: 1 },
      ],
      assigneeId: colleagueId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ cases: StaffCaseRow[] }>().cases.map((c) => c.assignee?.id)).toEqual([colleagueId, colleagueId]);
    const list = (query: string) =>
      call('support', 'GET', `/arc/staff/cases?${query}`, undefined, colleagueToken).then((r) =>
        r.json<StaffCaseList>(),
      );
    expect((await list('assignee=mine')).total).toBe(2);
    expect((await list('assignee=mine&requestType=Billing%20Support')).rows.map((r) => r.id)).toEqual([c1]);
    expect((await list('carrier=Aetna')).total).toBe(2);
    expect((await list('carrier=Aetna')).carriers).toContain('Aetna');
    expect(
      (await call('content', 'POST', '/arc/staff/cases/assign', { cases: [{ id: c1, version: 2 }], assigneeId: null }))
        .statusCode,
    ).toBe(403);
    const stale = await call('admin', 'POST', '/arc/staff/cases/assign', {
      cases: [{ id: c1, version: 1 }],
      assigneeId: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STAFF_CASE_MESSAGES.stale);
  });

  it('moves an Open case to In progress with a reply, and sets done when it closes', async () => {
    const id = await insertCaseRow();
    const act = (version: number, action: object) =>
      call('operations', 'POST', `/arc/staff/cases/${id}/actions`, { version, action });
    const replied = await act(1, { kind: 'reply', text: 'We are on it.' });
    expect(replied.statusCode).toBe(200);
    const body = replied.json<StaffCase>();
    expect(body.status).toBe('In progress');
    expect(body.thread.at(-1)!.author.name).toBe('operations.work');
    expect((await act(2, { kind: 'status', status: 'Closed' })).json<StaffCase>().status).toBe('Closed');
    const stored = await t.database.db.select().from(cases).where(eq(cases.id, id));
    expect(stored[0]!.doneAt).toBeInstanceOf(Date);
  });
});
