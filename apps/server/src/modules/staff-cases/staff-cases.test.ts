import {
  STAFF_CASE_MESSAGES,
  STAFF_CASES_MAX_SELECTION,
  WORK_MESSAGES,
  type MyCase,
  type StaffCase,
  type StaffCaseList,
  type StaffCaseRow,
  type StaffRole,
  type WorkDashboard,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, caseMessages, cases, notifications, outbox } from '../../db/schema/index.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const staffIds = {} as Record<StaffRole, string>;
let npnSeq = 72_000_000;
const nextNpn = () => String(++npnSeq);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    staffIds[role] = await insertStaff(t, { role, email: `${role}.desk@provider.test` });
    tokens[role] = (await mintStaffToken(t, staffIds[role])).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

const act = (role: StaffRole, id: string, version: number, action: object) =>
  call(role, 'POST', `/arc/staff/cases/${id}/actions`, { version, action });

const getCase = async (role: StaffRole, id: string) =>
  (await call(role, 'GET', `/arc/staff/cases/${id}`)).json<StaffCase>();

/** An Unlimited agent with a token, and a case they filed through the Case Form's call. */
async function agentWithCase(memberName = 'Rosa Martinez', agent?: TestAgent) {
  const owner = agent ?? (await addAgent(t, { npn: nextNpn(), memberSupportTier: 'Unlimited' }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/arc/case/reportCase',
    headers: bearer(owner.token),
    payload: { memberName, memberId: 'H1234-567', dateOfBirth: '1954-03-09', requestType: 'Claim Issue' },
  });
  expect(res.statusCode).toBe(201);
  return { agent: owner, id: res.json<{ id: string }>().id };
}

const audits = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.subject, id));

describe('roles', () => {
  it('lets admin, operations and support list, open and act on cases; content gets 403 and nothing changes', async () => {
    const { id } = await agentWithCase();
    expect((await call('content', 'GET', '/arc/staff/cases')).statusCode).toBe(403);
    expect((await call('content', 'GET', `/arc/staff/cases/${id}`)).statusCode).toBe(403);
    expect((await act('content', id, 1, { kind: 'assign' })).statusCode).toBe(403);
    expect((await act('content', id, 1, { kind: 'reply', text: 'Hello' })).statusCode).toBe(403);
    expect((await getCase('admin', id)).version).toBe(1);
    let version = 1;
    for (const role of ['admin', 'operations', 'support'] as const) {
      expect((await call(role, 'GET', '/arc/staff/cases')).statusCode, role).toBe(200);
      expect((await call(role, 'GET', `/arc/staff/cases/${id}`)).statusCode, role).toBe(200);
      const res = await act(role, id, version, { kind: 'note', text: `Seen by ${role}` });
      expect(res.statusCode, role).toBe(200);
      version = res.json<StaffCase>().version;
    }
    expect(version).toBe(4);
  });

  it("answers 401 without a token and 403 for an agent's token on every staff call", async () => {
    const { agent, id } = await agentWithCase();
    const requests = [
      { method: 'GET' as const, url: '/arc/staff/cases' },
      { method: 'GET' as const, url: `/arc/staff/cases/${id}` },
      {
        method: 'POST' as const,
        url: `/arc/staff/cases/${id}/actions`,
        payload: { version: 1, action: { kind: 'assign' } },
      },
    ];
    for (const request of requests) {
      expect((await t.app.inject(request)).statusCode, request.url).toBe(401);
      expect((await t.app.inject({ ...request, headers: bearer(agent.token) })).statusCode, request.url).toBe(403);
    }
    expect((await getCase('admin', id)).version).toBe(1);
  });
});

describe('GET /arc/staff/cases', () => {
  it('shows cases filed before the queue as Open, unassigned', async () => {
    // a row as the Case Form wrote it before migration 0020: none of the queue's columns given
    const agent = await addAgent(t, { npn: nextNpn(), memberSupportTier: 'Unlimited' });
    await t.database.db.insert(cases).values({
      id: 'case_before_the_queue',
      agentId: agent.id,
      memberName: 'Old Case',
      memberId: '',
      dateOfBirth: '1950-01-01',
      memberPhoneNumber: '',
      requestType: 'Other Support',
      carrier: '',
      description: 'Filed last year',
      carrierService: '',
      emailedTo: 'support@provider.test',
      createdAt: new Date('2025-06-01T12:00:00Z'),
    });
    const list = (await call('support', 'GET', `/arc/staff/cases?q=${agent.npn}`)).json<StaffCaseList>();
    expect(list.rows).toEqual([
      expect.objectContaining({ id: 'case_before_the_queue', status: 'Open', assignee: null, version: 1 }),
    ]);
  });

  it('filters by status and assignee (mine, unassigned, a colleague), searches, sorts and pages', async () => {
    const agent = await addAgent(t, { npn: nextNpn(), memberSupportTier: 'Unlimited', lastName: 'Quillfeather' });
    const { id: first } = await agentWithCase('Agatha Brennan', agent);
    const { id: second } = await agentWithCase('Bruno Castell', agent);
    const { id: third } = await agentWithCase('Celia Duarte', agent);
    // ops takes the first, support the second and closes it; the third stays Open and unassigned
    await act('operations', first, 1, { kind: 'assign' });
    await act('support', second, 1, { kind: 'assign' });
    await act('support', second, 2, { kind: 'status', status: 'Closed' });
    const list = async (role: StaffRole, query: string) =>
      (await call(role, 'GET', `/arc/staff/cases?q=${agent.npn}&${query}`)).json<StaffCaseList>();
    const ids = async (role: StaffRole, query: string) => (await list(role, query)).rows.map((r) => r.id);

    expect(await ids('admin', '')).toEqual([third, second, first]);
    expect(await ids('admin', 'sort=created')).toEqual([first, second, third]);
    expect(await ids('admin', 'sort=-updated')).toEqual([second, first, third]);
    expect(await ids('admin', 'sort=status')).toEqual([third, first, second]);
    expect(await ids('admin', 'status=Closed')).toEqual([second]);
    expect(await ids('admin', 'status=Open')).toEqual([third, first]);
    expect(await ids('operations', 'assignee=mine')).toEqual([first]);
    expect(await ids('support', 'assignee=mine')).toEqual([second]);
    expect(await ids('admin', 'assignee=mine')).toEqual([]);
    expect(await ids('admin', 'assignee=none')).toEqual([third]);
    expect(await ids('admin', `assignee=${staffIds.support}`)).toEqual([second]);

    const bySurname = await call('admin', 'GET', '/arc/staff/cases?q=quillf');
    expect(bySurname.json<StaffCaseList>().total).toBe(3);
    const byMember = await call('admin', 'GET', '/arc/staff/cases?q=bruno%20c');
    expect(byMember.json<StaffCaseList>().rows.map((r) => r.id)).toEqual([second]);
    const byReference = await call('admin', 'GET', `/arc/staff/cases?q=${third}`);
    expect(byReference.json<StaffCaseList>().rows.map((r) => r.id)).toEqual([third]);

    const page = await list('operations', 'assignee=mine');
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.rows[0]).toMatchObject({
      status: 'Open',
      requestType: 'Claim Issue',
      memberName: 'Agatha Brennan',
      agent: { npn: agent.npn, lastName: 'Quillfeather' },
      assignee: { id: staffIds.operations, name: 'operations.desk' },
    });
    expect(page.assignees.map((a) => a.name)).toEqual(['admin.desk', 'operations.desk', 'support.desk']);
    expect((await list('admin', 'page=2')).rows).toEqual([]);
  });

  it('filters by request type and carrier, offers the carriers with cases, and gives the dashboard’s SLA', async () => {
    const agent = await addAgent(t, { npn: nextNpn(), memberSupportTier: 'Unlimited' });
    const { id: claim } = await agentWithCase('Dora Ekwueme', agent);
    const { id: billing } = await agentWithCase('Emil Farrow', agent);
    const { id: other } = await agentWithCase('Fay Gupta', agent);
    await t.database.db
      .update(cases)
      .set({ requestType: 'Billing Support', carrier: 'Zenith Health' })
      .where(eq(cases.id, billing));
    await t.database.db.update(cases).set({ carrier: 'Zenith Health' }).where(eq(cases.id, claim));
    await t.database.db.update(cases).set({ carrier: 'Yarrow Mutual' }).where(eq(cases.id, other));
    const list = async (query: string) =>
      (await call('support', 'GET', `/arc/staff/cases?q=${agent.npn}&${query}`)).json<StaffCaseList>();
    const ids = async (query: string) => (await list(query)).rows.map((r) => r.id);

    expect(await ids('requestType=Billing%20Support')).toEqual([billing]);
    expect(await ids('requestType=Claim%20Issue')).toEqual([other, claim]);
    expect(await ids('carrier=Zenith%20Health')).toEqual([billing, claim]);
    expect(await ids('carrier=Zenith%20Health&requestType=Claim%20Issue')).toEqual([claim]);
    expect(await ids('carrier=Nobody%20Mutual')).toEqual([]);
    const all = await list('');
    expect(all.carriers).toEqual(expect.arrayContaining(['Yarrow Mutual', 'Zenith Health']));
    // one setting: the queue's SLA is the work dashboard's for cases (SLA_CASES_HOURS)
    const dashboard = (await call('support', 'GET', '/arc/staff/work')).json<WorkDashboard>();
    expect(all.slaHours).toBe(dashboard.queues.find((q) => q.queue === 'cases')!.slaHours);
    expect(all.slaHours).toBe(t.config.slaCasesHours);
  });

  it('answers 400 for an unknown status, sort, page or request type', async () => {
    for (const query of [
      'status=Pending',
      'sort=price',
      'page=0',
      'page=x',
      `q=${'x'.repeat(101)}`,
      'requestType=Refund',
      `carrier=${'x'.repeat(201)}`,
    ]) {
      expect((await call('admin', 'GET', `/arc/staff/cases?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('POST /arc/staff/cases/:id/actions', () => {
  it('assigns, sets the status and keeps internal notes from the agent; each action is audited', async () => {
    const { agent, id } = await agentWithCase();
    const assigned = await act('support', id, 1, { kind: 'assign' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<StaffCase>()).toMatchObject({
      version: 2,
      assignee: { id: staffIds.support, name: 'support.desk' },
    });
    const again = await act('support', id, 2, { kind: 'assign' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_CASE_MESSAGES.alreadyAssigned);
    // a colleague takes it over
    expect((await act('operations', id, 2, { kind: 'assign' })).json<StaffCase>().assignee?.name).toBe(
      'operations.desk',
    );

    const moved = await act('operations', id, 3, { kind: 'status', status: 'In progress' });
    expect(moved.json<StaffCase>()).toMatchObject({ status: 'In progress', version: 4 });
    const same = await act('operations', id, 4, { kind: 'status', status: 'In progress' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(STAFF_CASE_MESSAGES.sameStatus);

    const noted = await act('operations', id, 4, { kind: 'note', text: '  Called the carrier  ' });
    expect(noted.json<StaffCase>().thread).toEqual([
      expect.objectContaining({
        kind: 'note',
        body: 'Called the carrier',
        author: { id: staffIds.operations, name: 'operations.desk' },
        emailedTo: null,
      }),
    ]);
    const mine = await t.app.inject({ method: 'GET', url: `/arc/case/mine/${id}`, headers: bearer(agent.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<MyCase>()).toMatchObject({ status: 'In progress', replies: [] });
    expect(mine.body).not.toContain('Called the carrier');

    const events = await audits(id);
    expect(events.map((e) => e.action).sort()).toEqual([
      'case.assigned',
      'case.assigned',
      'case.noted',
      'case.status-changed',
    ]);
    const status = events.find((e) => e.action === 'case.status-changed')!;
    expect(status).toMatchObject({
      agentId: agent.id,
      staffId: staffIds.operations,
      detail: { from: 'Open', to: 'In progress' },
    });
  });

  it('replies: the agent gets the reply by e-mail and under the bell, and reads it on My cases', async () => {
    const { agent, id } = await agentWithCase('Rosa Martinez');
    const res = await act('operations', id, 1, {
      kind: 'reply',
      text: 'Humana will reprocess the claim.\nAllow 10 business days.',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<StaffCase>();
    expect(body.version).toBe(2);
    expect(body.thread).toEqual([
      expect.objectContaining({
        kind: 'reply',
        body: 'Humana will reprocess the claim.\nAllow 10 business days.',
        emailedTo: agent.email,
      }),
    ]);

    const [mail] = await waitForMail(t, agent.email);
    expect(mail!.subject).toBe(`${t.config.providerName}: Member support replied: Claim Issue for Rosa Martinez`);
    expect(mail!.text).toContain(`Hello ${agent.firstName},`);
    expect(mail!.text).toContain('Humana will reprocess the claim.\nAllow 10 business days.');
    expect(mail!.text).toContain('— operations.desk, member support');
    expect(mail!.text).toContain(`http://localhost:8080/my-cases?case=${id}`);
    expect(mail!.html).toContain('white-space:pre-wrap');

    const [notification] = await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id));
    expect(notification).toMatchObject({
      kind: 'case-reply',
      title: 'Member support replied: Claim Issue for Rosa Martinez',
      link: `/my-cases?case=${id}`,
    });

    const mine = await t.app.inject({ method: 'GET', url: `/arc/case/mine/${id}`, headers: bearer(agent.token) });
    expect(mine.json<MyCase>()).toMatchObject({
      replyCount: 1,
      replies: [{ body: 'Humana will reprocess the claim.\nAllow 10 business days.', author: 'operations.desk' }],
    });
    const [event] = (await audits(id)).filter((e) => e.action === 'case.replied');
    expect(event).toMatchObject({ staffId: staffIds.operations, agentId: agent.id });
  });

  it('honours the opt-out of case-reply e-mails: the reply is kept and notified in the portal, not e-mailed', async () => {
    const { agent, id } = await agentWithCase();
    const optOut = await t.app.inject({
      method: 'PUT',
      url: '/arc/agent/notifications/email-settings',
      headers: bearer(agent.token),
      payload: { optedOut: ['case-reply'] },
    });
    expect(optOut.statusCode).toBe(200);
    const res = await act('admin', id, 1, { kind: 'reply', text: 'Answered in the portal' });
    expect(res.json<StaffCase>().thread[0]).toMatchObject({ kind: 'reply', emailedTo: null });
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.to, agent.email));
    expect(sent).toEqual([]);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id));
    expect(rows.map((n) => n.kind)).toEqual(['case-reply']);
  });

  it('refuses a stale version with the "changed by someone else" message and writes nothing', async () => {
    const { agent, id } = await agentWithCase();
    await act('admin', id, 1, { kind: 'assign' });
    const stale = await act('operations', id, 1, { kind: 'reply', text: 'A late answer' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This case was changed by someone else. Reload to see the change.');
    const now = await getCase('admin', id);
    expect(now).toMatchObject({ version: 2, thread: [] });
    expect(await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id))).toEqual([]);
  });

  it('lets one of two concurrent actions at the same version win; the other is a 409 and leaves no trace', async () => {
    const { agent, id } = await agentWithCase();
    const [a, b] = await Promise.all([
      act('operations', id, 1, { kind: 'reply', text: 'Reply from ops' }),
      act('support', id, 1, { kind: 'reply', text: 'Reply from support' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(STAFF_CASE_MESSAGES.stale);
    const messages = await t.database.db.select().from(caseMessages).where(eq(caseMessages.caseId, id));
    expect(messages).toHaveLength(1);
    expect((await getCase('admin', id)).version).toBe(2);
    expect(await audits(id)).toHaveLength(1);
    const sent = await waitForMail(t, agent.email);
    expect(sent).toHaveLength(1);
  });

  it('answers 404 for an unknown case and 400 for malformed bodies, writing nothing', async () => {
    expect((await call('admin', 'GET', '/arc/staff/cases/case_nope')).statusCode).toBe(404);
    const unknown = await act('admin', 'case_nope', 1, { kind: 'assign' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_CASE_MESSAGES.notFound);
    const { id } = await agentWithCase();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      {},
      { action: { kind: 'assign' } },
      { version: 0, action: { kind: 'assign' } },
      { version: '1', action: { kind: 'assign' } },
      { version: 1 },
      { version: 1, action: { kind: 'escalate' } },
      { version: 1, action: { kind: 'status', status: 'Pending' } },
      { version: 1, action: { kind: 'reply', text: '   ' } },
      { version: 1, action: { kind: 'reply' } },
      { version: 1, action: { kind: 'note', text: 'x'.repeat(4001) } },
      { version: 1, action: { kind: 'reply', text: 'x'.repeat(10_001) } },
      { version: 1, action: { kind: 'assign' }, extra: true },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/arc/staff/cases/${id}/actions`,
        headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)?.slice(0, 80)).toBe(400);
    }
    const blank = await act('admin', id, 1, { kind: 'reply', text: '   ' });
    expect(blank.json().fieldErrors?.['action.text'] ?? blank.json().message).toBeTruthy();
    expect(await getCase('admin', id)).toMatchObject({ version: 1, thread: [] });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subject, id), eq(auditLog.staffId, staffIds.admin))),
    ).toEqual([]);
  });
});

describe('POST /arc/staff/cases/assign', () => {
  const assign = (role: StaffRole, payload: object) => call(role, 'POST', '/arc/staff/cases/assign', payload);
  const stored = async (id: string) => (await t.database.db.select().from(cases).where(eq(cases.id, id)))[0]!;

  it('assigns a selection to a named member, to me, and unassigns it; one audit event per case each time', async () => {
    const { id: first } = await agentWithCase('Gil Hart');
    const { id: second } = await agentWithCase('Hana Ito');
    const res = await assign('operations', {
      cases: [
        { id: first, version: 1 },
        { id: second, version: 1 },
      ],
      assigneeId: staffIds.support,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ cases: StaffCaseRow[] }>().cases;
    expect(rows.map((r) => [r.id, r.version, r.assignee])).toEqual(
      [first, second].sort().map((id) => [id, 2, { id: staffIds.support, name: 'support.desk' }]),
    );
    for (const id of [first, second]) {
      expect(await audits(id)).toEqual([
        expect.objectContaining({
          action: 'case.assigned',
          staffId: staffIds.operations,
          detail: { from: null, to: staffIds.support },
        }),
      ]);
    }
    // support finds them under Mine
    const mine = (await call('support', 'GET', '/arc/staff/cases?assignee=mine')).json<StaffCaseList>();
    expect(mine.rows.map((r) => r.id)).toEqual(expect.arrayContaining([first, second]));

    // to me (the caller's own id), then nobody
    const toMe = await assign('admin', { cases: [{ id: first, version: 2 }], assigneeId: staffIds.admin });
    expect(toMe.json<{ cases: StaffCaseRow[] }>().cases[0]).toMatchObject({
      version: 3,
      assignee: { name: 'admin.desk' },
    });
    const none = await assign('admin', { cases: [{ id: first, version: 3 }], assigneeId: null });
    expect(none.statusCode).toBe(200);
    expect(none.json<{ cases: StaffCaseRow[] }>().cases[0]).toMatchObject({ version: 4, assignee: null });
    expect((await audits(first)).map((a) => a.detail)).toEqual([
      { from: null, to: staffIds.support },
      { from: staffIds.support, to: staffIds.admin },
      { from: staffIds.admin, to: null },
    ]);
    expect((await stored(first)).assigneeId).toBeNull();
  });

  it('is all or nothing: a stale version or an unknown case in a selection changes none, naming the case', async () => {
    const { id: fresh } = await agentWithCase('Ivo Jansen');
    const { id: moved } = await agentWithCase('Jade Kim');
    await act('support', moved, 1, { kind: 'note', text: 'Called the member' });
    const stale = await assign('operations', {
      cases: [
        { id: fresh, version: 1 },
        { id: moved, version: 1 },
      ],
      assigneeId: staffIds.operations,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(`Case ${moved}: ${STAFF_CASE_MESSAGES.stale}`);
    const unknown = await assign('operations', {
      cases: [
        { id: fresh, version: 1 },
        { id: 'case_nope', version: 1 },
      ],
      assigneeId: staffIds.operations,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`Case case_nope: ${STAFF_CASE_MESSAGES.notFound}`);
    const single = await assign('operations', { cases: [{ id: moved, version: 1 }], assigneeId: null });
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toBe(STAFF_CASE_MESSAGES.stale);
    expect(await stored(fresh)).toMatchObject({ version: 1, assigneeId: null });
    expect(await stored(moved)).toMatchObject({ version: 2, assigneeId: null });
    expect((await audits(fresh)).filter((a) => a.action === 'case.assigned')).toEqual([]);
  });

  it('refuses an unknown staff id, a disabled member and one of no case role (400), writing nothing', async () => {
    const { id } = await agentWithCase('Kofi Lund');
    const disabled = await insertStaff(t, { role: 'support', email: 'left.desk@provider.test', status: 'disabled' });
    for (const assigneeId of ['staff_nope', disabled, staffIds.content]) {
      const res = await assign('admin', { cases: [{ id, version: 1 }], assigneeId });
      expect(res.statusCode, assigneeId).toBe(400);
      expect(res.json().message).toBe(WORK_MESSAGES.notAnAssignee);
    }
    expect(await stored(id)).toMatchObject({ version: 1, assigneeId: null });
    expect(await audits(id)).toEqual([]);
  });

  it('answers 401 without a token, 403 for content and an agent, 400 for malformed bodies; nothing is written', async () => {
    const { agent, id } = await agentWithCase('Lena Moss');
    const good = { cases: [{ id, version: 1 }], assigneeId: staffIds.support };
    expect((await t.app.inject({ method: 'POST', url: '/arc/staff/cases/assign', payload: good })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/arc/staff/cases/assign',
          headers: bearer(agent.token),
          payload: good,
        })
      ).statusCode,
    ).toBe(403);
    expect((await assign('content', good)).statusCode).toBe(403);
    const bodies: unknown[] = [
      null,
      [],
      {},
      { cases: [{ id, version: 1 }] },
      { cases: [], assigneeId: null },
      { cases: [{ id, version: 0 }], assigneeId: null },
      { cases: [{ id, version: '1' }], assigneeId: null },
      { cases: [{ id }], assigneeId: null },
      { cases: [{ id, version: 1 }], assigneeId: 42 },
      { cases: [{ id, version: 1 }], assigneeId: null, extra: true },
      {
        cases: Array.from({ length: STAFF_CASES_MAX_SELECTION + 1 }, (_, i) => ({ id: `c${i}`, version: 1 })),
        assigneeId: null,
      },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/staff/cases/assign',
        headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)?.slice(0, 80)).toBe(400);
    }
    expect(await stored(id)).toMatchObject({ version: 1, assigneeId: null });
    expect(await audits(id)).toEqual([]);
  });
});
