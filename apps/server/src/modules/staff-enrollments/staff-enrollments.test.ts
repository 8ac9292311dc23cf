import {
  ENROLLMENT_ACTION_TARGETS,
  ENROLLMENT_STATUSES,
  ENROLLMENT_TRANSITIONS,
  STAFF_ENROLLMENT_MESSAGES,
  STAFF_ENROLLMENTS_EXPORT_COLUMNS,
  type EnrollmentActionKind,
  type StaffEnrollmentDetail,
  type StaffEnrollmentList,
  type StaffRole,
} from '@arc/contract';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  enrollmentLog,
  enrollments,
  notificationEmailOptOuts,
  notifications,
  outbox,
} from '../../db/schema/index.ts';
import { insertEnrollment } from '../../seed/enrollments.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { waitForMail } from '../../test/mail.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';
import { PENDED_DIGEST_JOB, queuePendedDigests, sendPendedDigest } from './digest.ts';

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
let npnSeq = 73_000_000;
const nextNpn = () => String(++npnSeq);
const QUEUE = '/arc/staff/enrollments/queue';
const STAFF_KEY = 'staff-key-for-queue-tests-0123456789abcdef';

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_API_KEY: STAFF_KEY } });
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role, email: `${role}.e@provider.test` }))).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

const act = (role: StaffRole, id: string, version: number, action: object) =>
  call(role, 'POST', `${QUEUE}/${id}/actions`, { version, action });

async function agentWithEnrollment(overrides: Partial<typeof enrollments.$inferInsert> = {}) {
  const agent = await insertAgent(t.database.db, { npn: nextNpn(), email: `a${npnSeq}@agents.test` });
  const enrollment = await insertEnrollment(t.database.db, { agentId: agent.id, ...overrides });
  const token = await mintAccessToken(t, { agentId: agent.id });
  return { agent, enrollment, token };
}

const stored = async (id: string) => (await t.database.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;

const agentList = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/arc/agent/enrollments', headers: bearer(token) })).json<{
    enrollments: { id: string; Status: string; Reason: string | null }[];
    pended: { id: string; Reason: string | null }[];
  }>();

describe('roles', () => {
  it('lets admin and operations act; support reads the queue but neither acts nor opens the PDF; content gets 403', async () => {
    const { enrollment } = await agentWithEnrollment();
    for (const role of ['content', 'support'] as const) {
      expect((await act(role, enrollment.id, 1, { kind: 'review' })).statusCode).toBe(403);
      expect((await act(role, enrollment.id, 1, { kind: 'pend', reason: 'x' })).statusCode).toBe(403);
      expect((await act(role, enrollment.id, 1, { kind: 'resolve' })).statusCode).toBe(403);
      expect((await act(role, enrollment.id, 1, { kind: 'submit' })).statusCode).toBe(403);
      expect((await call(role, 'GET', `${QUEUE}/${enrollment.id}/file`)).statusCode).toBe(403);
    }
    expect((await call('content', 'GET', QUEUE)).statusCode).toBe(403);
    expect((await call('content', 'GET', `${QUEUE}/${enrollment.id}`)).statusCode).toBe(403);
    expect((await call('support', 'GET', QUEUE)).statusCode).toBe(200);
    expect((await call('support', 'GET', `${QUEUE}/${enrollment.id}`)).statusCode).toBe(200);
    expect((await stored(enrollment.id)).version).toBe(1);
    const byAdmin = await act('admin', enrollment.id, 1, { kind: 'review' });
    expect(byAdmin.statusCode).toBe(200);
    const byOps = await act('operations', enrollment.id, 2, { kind: 'submit' });
    expect(byOps.statusCode).toBe(200);
    expect(byOps.json<StaffEnrollmentDetail>().enrollment).toMatchObject({ status: 'Submitted', version: 3 });
  });

  it("answers 401 without a token and 403 for an agent's token", async () => {
    const { enrollment, token } = await agentWithEnrollment();
    for (const url of [QUEUE, `${QUEUE}/${enrollment.id}`, `${QUEUE}/${enrollment.id}/file`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(403);
    }
    const post = {
      method: 'POST' as const,
      url: `${QUEUE}/${enrollment.id}/actions`,
      payload: { version: 1, action: { kind: 'review' } },
    };
    expect((await t.app.inject(post)).statusCode).toBe(401);
    expect((await t.app.inject({ ...post, headers: bearer(token) })).statusCode).toBe(403);
  });
});

describe(`GET ${QUEUE}`, () => {
  it('filters by status, carrier, mode and upload date; searches agent and client; sorts; pages; counts', async () => {
    const carrier = `Carrier ${nextNpn()}`;
    const { agent, enrollment: early } = await agentWithEnrollment({
      carrierName: carrier,
      clientLast: 'Quimby',
      receivedAt: new Date('2026-03-02T18:00:00Z'),
    });
    const late = await insertEnrollment(t.database.db, {
      agentId: agent.id,
      carrierName: carrier,
      clientLast: 'Zeller',
      status: 'Pended',
      reason: 'Missing signature',
      mode: 'problem',
      receivedAt: new Date('2026-03-20T18:00:00Z'),
    });
    const list = async (query: string) => {
      const res = await call('operations', 'GET', `${QUEUE}?carrier=${encodeURIComponent(carrier)}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<StaffEnrollmentList>();
    };
    const ids = async (query: string) => (await list(query)).rows.map((r) => r.id);
    expect(await ids('')).toEqual([late.id, early.id]);
    expect(await ids('sort=receivedAt')).toEqual([early.id, late.id]);
    expect(await ids('sort=-client')).toEqual([late.id, early.id]);
    expect(await ids('status=Pended')).toEqual([late.id]);
    expect(await ids('mode=problem')).toEqual([late.id]);
    expect(await ids('from=2026-03-10&to=2026-03-20')).toEqual([late.id]);
    expect(await ids('from=2026-03-01&to=2026-03-02')).toEqual([early.id]);
    expect(await ids(`q=${agent.npn}`)).toEqual([late.id, early.id]);
    expect(await ids(`q=${agent.lastName.slice(0, 3).toUpperCase()}`)).toContain(early.id);
    expect(await ids('q=quim')).toEqual([early.id]);
    expect(await ids(`q=${late.id}`)).toEqual([late.id]);
    expect(await ids('q=100%25')).toEqual([]);
    const page = await list('');
    expect(page).toMatchObject({ total: 2, totalCapped: false, page: 1, pageSize: 50 });
    expect(page.carriers).toContain(carrier);
    expect(page.rows[0]).toMatchObject({
      status: 'Pended',
      reason: 'Missing signature',
      mode: 'problem',
      agent: { npn: agent.npn },
      client: { lastName: 'Zeller' },
      carrier,
      version: 1,
    });
    expect((await list('page=2')).rows).toEqual([]);
  });

  it('refuses malformed filters (400)', async () => {
    for (const query of ['status=Lost', 'sort=size', 'page=0', 'from=2026-02-30', 'mode=other']) {
      expect((await call('operations', 'GET', `${QUEUE}?${query}`)).statusCode).toBe(400);
    }
  });
});

describe(`GET ${QUEUE}/export`, () => {
  const sheetOf = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    return { header: cells(1), rows: Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2)) };
  };

  it('streams every enrollment matching the queue’s filters and search as an .xlsx, newest first; audited', async () => {
    const carrier = `Export Carrier ${nextNpn()}`;
    const { agent, enrollment: early } = await agentWithEnrollment({
      carrierName: carrier,
      clientFirst: 'Ada',
      clientLast: 'Quill',
      receivedAt: new Date('2026-04-02T18:00:00Z'),
    });
    const at = new Date('2026-04-20T18:00:00Z');
    // two at the same instant: the export's pages go on by (upload time, id), neither lost nor read twice
    const [sameA, sameB] = await Promise.all(
      ['Ryland', 'Rowe'].map((clientLast) =>
        insertEnrollment(t.database.db, {
          agentId: agent.id,
          carrierName: carrier,
          clientLast,
          status: 'Pended',
          reason: 'Missing signature',
          receivedAt: at,
        }),
      ),
    );
    const newestSame = [sameA!, sameB!].sort((a, b) => (a.id < b.id ? 1 : -1)).map((e) => e.id);
    const exported = async (query: string) => {
      const res = await call('support', 'GET', `${QUEUE}/export?carrier=${encodeURIComponent(carrier)}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      return sheetOf(res.rawPayload);
    };
    const all = await exported('');
    expect(all.header).toEqual([...STAFF_ENROLLMENTS_EXPORT_COLUMNS]);
    expect(all.rows.map((row) => row[0])).toEqual([...newestSame, early.id]);
    expect(all.rows[2]).toEqual(
      expect.arrayContaining(['Received', agent.npn, 'Ada', 'Quill', carrier, new Date('2026-04-02T18:00:00Z')]),
    );
    expect(all.rows[0]).toEqual(expect.arrayContaining(['Pended', 'Missing signature']));
    expect((await exported('sort=receivedAt')).rows.map((row) => row[0])).toEqual([early.id, ...newestSame.reverse()]);
    expect((await exported('status=Received')).rows.map((row) => row[0])).toEqual([early.id]);
    expect((await exported('q=ryl')).rows.map((row) => row[0])).toEqual([sameA!.id]);
    expect((await exported('from=2026-04-10')).rows).toHaveLength(2);
    expect((await exported('status=Enrolled')).rows).toEqual([]);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'enrollment-queue.exported'));
    expect(audit.at(-1)).toMatchObject({ detail: { filters: { carrier, status: 'Enrolled', sort: '-receivedAt' } } });
    expect(audit).toHaveLength(6);
  });

  it('is 403 for a role that does not read the queue, 401 without a token, 400 for a malformed filter', async () => {
    const recorded = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'enrollment-queue.exported'))).length;
    const before = await recorded();
    expect((await call('content', 'GET', `${QUEUE}/export`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${QUEUE}/export` })).statusCode).toBe(401);
    const { token } = await agentWithEnrollment();
    expect((await t.app.inject({ method: 'GET', url: `${QUEUE}/export`, headers: bearer(token) })).statusCode).toBe(
      403,
    );
    expect((await call('operations', 'GET', `${QUEUE}/export?status=Lost`)).statusCode).toBe(400);
    // a refused export records nothing
    expect(await recorded()).toBe(before);
  });
});

describe(`POST ${QUEUE}/:id/actions`, () => {
  it('walks Received → In review → Pended → Resolved → Submitted to carrier, each logged and audited with the staff member', async () => {
    const { enrollment, token } = await agentWithEnrollment();
    const steps = [
      { action: { kind: 'review' }, status: 'In Review' },
      { action: { kind: 'pend', reason: '  Page 3 is not signed  ' }, status: 'Pended' },
      { action: { kind: 'resolve' }, status: 'Resolved' },
      { action: { kind: 'submit' }, status: 'Submitted' },
    ];
    for (const [i, step] of steps.entries()) {
      const res = await act(i % 2 ? 'admin' : 'operations', enrollment.id, i + 1, step.action);
      expect(res.statusCode).toBe(200);
      expect(res.json<StaffEnrollmentDetail>().enrollment).toMatchObject({ status: step.status, version: i + 2 });
      if (step.status === 'Pended') {
        // the agent's page reads it at once: the status and what is missing
        const mine = await agentList(token);
        expect(mine.pended).toEqual([expect.objectContaining({ id: enrollment.id, Reason: 'Page 3 is not signed' })]);
      }
    }
    const detail = (await call('support', 'GET', `${QUEUE}/${enrollment.id}`)).json<StaffEnrollmentDetail>();
    expect(detail.log.map((e) => `${e.by}: ${e.action}`)).toEqual([
      'admin.e: Submit to carrier',
      'operations.e: Resolve',
      'admin.e: Pended: Page 3 is not signed',
      'operations.e: Start review',
    ]);
    expect(detail.enrollment.reason).toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, enrollment.id), like(auditLog.action, 'enrollment.%')));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'enrollment.pended',
      'enrollment.resolved',
      'enrollment.review-started',
      'enrollment.submitted',
    ]);
    expect(audits.every((a) => a.staffId && a.agentId === enrollment.agentId)).toBe(true);
    expect((await agentList(token)).enrollments[0]).toMatchObject({ Status: 'Submitted', Reason: null });
  });

  it('refuses illegal moves with a clear message (409) and changes nothing', async () => {
    const cases: [string, object, string][] = [
      ['Received', { kind: 'resolve' }, STAFF_ENROLLMENT_MESSAGES.illegal.resolve],
      ['Received', { kind: 'submit' }, STAFF_ENROLLMENT_MESSAGES.illegal.submit],
      ['Pended', { kind: 'pend', reason: 'again' }, STAFF_ENROLLMENT_MESSAGES.alreadyPended],
      ['Pended', { kind: 'submit' }, STAFF_ENROLLMENT_MESSAGES.illegal.submit],
      ['Submitted', { kind: 'submit' }, STAFF_ENROLLMENT_MESSAGES.alreadySubmitted],
      ['Submitted', { kind: 'review' }, STAFF_ENROLLMENT_MESSAGES.illegal.review],
      ['Enrolled', { kind: 'pend', reason: 'late' }, STAFF_ENROLLMENT_MESSAGES.illegal.pend],
      ['Declined', { kind: 'resolve' }, STAFF_ENROLLMENT_MESSAGES.illegal.resolve],
    ];
    for (const [status, action, message] of cases) {
      const { enrollment } = await agentWithEnrollment({ status, reason: status === 'Pended' ? 'x' : null });
      const res = await act('operations', enrollment.id, 1, action);
      expect(res.statusCode, `${status} ${JSON.stringify(action)}`).toBe(409);
      expect(res.json()).toMatchObject({ message });
      expect(await stored(enrollment.id)).toMatchObject({ status, version: 1 });
      const log = await t.database.db.select().from(enrollmentLog).where(eq(enrollmentLog.enrollmentId, enrollment.id));
      expect(log).toEqual([]);
    }
  });

  it('needs a reason to pend; refuses a malformed body (400) and an unknown enrollment (404)', async () => {
    const { enrollment } = await agentWithEnrollment();
    for (const body of [
      { version: 1, action: { kind: 'pend' } },
      { version: 1, action: { kind: 'pend', reason: '   ' } },
      { version: 1, action: { kind: 'pend', reason: 'x'.repeat(501) } },
      { version: 1, action: { kind: 'approve' } },
      { action: { kind: 'review' } },
      { version: 1, action: { kind: 'review' }, extra: true },
    ]) {
      expect((await call('operations', 'POST', `${QUEUE}/${enrollment.id}/actions`, body)).statusCode).toBe(400);
    }
    const missing = await act('operations', 'enr_missing', 1, { kind: 'review' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.notFound });
    expect((await call('operations', 'GET', `${QUEUE}/enr_missing`)).statusCode).toBe(404);
  });

  it('lets one of two concurrent actions at the same version win; the other is the stale 409 and leaves no trace', async () => {
    const { enrollment } = await agentWithEnrollment({ status: 'In Review' });
    const [a, b] = await Promise.all([
      act('operations', enrollment.id, 1, { kind: 'pend', reason: 'Missing scope of appointment' }),
      act('admin', enrollment.id, 1, { kind: 'submit' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.stale });
    expect((await stored(enrollment.id)).version).toBe(2);
    const log = await t.database.db.select().from(enrollmentLog).where(eq(enrollmentLog.enrollmentId, enrollment.id));
    expect(log).toHaveLength(1);
    // a later action sent with the old version is stale too
    const late = await act('operations', enrollment.id, 1, { kind: 'review' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.stale });
  });

  it('sees a change made through the integration key as a new version', async () => {
    const { enrollment } = await agentWithEnrollment();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/arc/staff/enrollments/${enrollment.id}`,
      headers: { authorization: `Bearer ${STAFF_KEY}` },
      payload: { status: 'In Review' },
    });
    expect(patched.statusCode).toBe(200);
    const stale = await act('operations', enrollment.id, 1, { kind: 'pend', reason: 'x' });
    expect(stale.statusCode).toBe(409);
    const detail = (await call('operations', 'GET', `${QUEUE}/${enrollment.id}`)).json<StaffEnrollmentDetail>();
    expect(detail.enrollment.version).toBe(2);
    expect(detail.log).toEqual([expect.objectContaining({ by: 'Integration', action: 'Status set to In review' })]);
  });

  it('tells the agent of a pend (with the reason) and a resolution, in the portal and by e-mail unless opted out; another agent sees none of it', async () => {
    const { agent, enrollment, token } = await agentWithEnrollment({ clientFirst: 'Ruth', clientLast: 'Okafor' });
    const other = await agentWithEnrollment();
    await act('operations', enrollment.id, 1, { kind: 'pend', reason: 'Invalid Medicare number' });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'enrollment-pended',
        title: 'Enrollment pended: Ruth Okafor',
        link: '/enrollments',
        body: expect.stringContaining('What is missing: Invalid Medicare number'),
      }),
    ]);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, agent.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Invalid Medicare number');
    // resolved: in the portal, but not by e-mail once the agent opted out of that kind
    await t.database.db.insert(notificationEmailOptOuts).values({ agentId: agent.id, kind: 'enrollment-resolved' });
    await act('operations', enrollment.id, 2, { kind: 'resolve' });
    const kinds = (await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id))).map(
      (n) => n.kind,
    );
    expect(kinds.sort()).toEqual(['enrollment-pended', 'enrollment-resolved']);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, agent.email))).toHaveLength(1);
    // the other agent: nothing raised, and their list never holds this enrollment
    expect(await t.database.db.select().from(notifications).where(eq(notifications.agentId, other.agent.id))).toEqual(
      [],
    );
    const theirs = await agentList(other.token);
    expect(theirs.enrollments.map((e) => e.id)).toEqual([other.enrollment.id]);
    expect((await agentList(token)).enrollments.map((e) => e.id)).toEqual([enrollment.id]);
  });
});

describe('Submitted to carrier', () => {
  it('tells the agent, in the portal and by e-mail unless opted out, with the client’s name; another agent hears nothing', async () => {
    const { agent, enrollment } = await agentWithEnrollment({
      clientFirst: 'Ruth',
      clientLast: 'Okafor',
      carrierName: 'Humana',
      productName: 'Humana Gold Plus (HMO)',
    });
    const other = await agentWithEnrollment();
    await act('operations', enrollment.id, 1, { kind: 'review' });
    expect((await act('operations', enrollment.id, 2, { kind: 'submit' })).statusCode).toBe(200);
    const raised = await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id));
    expect(raised).toEqual([
      expect.objectContaining({
        kind: 'enrollment-submitted',
        title: 'Enrollment submitted to the carrier: Ruth Okafor',
        body: 'The enrollment of Ruth Okafor (Humana) for Humana Gold Plus (HMO) was submitted to the carrier. You will hear when the carrier answers.',
        link: '/enrollments',
      }),
    ]);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, agent.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Ruth Okafor');
    expect(await t.database.db.select().from(notifications).where(eq(notifications.agentId, other.agent.id))).toEqual(
      [],
    );
  });

  it('says "your client" when neither a client nor a file names one; no e-mail once the agent opted out of the kind', async () => {
    const { agent, enrollment } = await agentWithEnrollment({ clientFirst: null, clientLast: null, productName: null });
    await t.database.db.insert(notificationEmailOptOuts).values({ agentId: agent.id, kind: 'enrollment-submitted' });
    await act('admin', enrollment.id, 1, { kind: 'review' });
    expect((await act('admin', enrollment.id, 2, { kind: 'submit' })).statusCode).toBe(200);
    const raised = await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id));
    expect(raised).toEqual([
      expect.objectContaining({
        kind: 'enrollment-submitted',
        title: 'Enrollment submitted to the carrier: your client',
      }),
    ]);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, agent.email))).toEqual([]);
  });
});

describe(`GET ${QUEUE}/:id/file`, () => {
  it('streams the uploaded PDF inline or as an attachment, audited; 404 without a file', async () => {
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    const token = await mintAccessToken(t, { agentId: agent.id });
    const pdf = Buffer.from('%PDF-1.4\n% queue test\n%%EOF\n');
    const body = multipart([
      { name: 'radio1', value: 'newapp' },
      { name: 'enrollment', filename: 'Okafor Ruth.pdf', body: pdf },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/enrollments',
      headers: { ...bearer(token), 'content-type': body.contentType },
      payload: body.buffer(),
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json<{ id: string }>().id;
    const inline = await call('operations', 'GET', `${QUEUE}/${id}/file`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Okafor Ruth.pdf"/);
    expect(inline.rawPayload.equals(pdf)).toBe(true);
    const saved = await call('admin', 'GET', `${QUEUE}/${id}/file?disposition=attachment`);
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, id), eq(auditLog.action, 'enrollment.file-read')));
    expect(reads).toHaveLength(2);
    const row = (await call('operations', 'GET', `${QUEUE}?q=${agent.npn}`)).json<StaffEnrollmentList>().rows[0];
    expect(row).toMatchObject({ id, fileName: 'Okafor Ruth.pdf', fileSize: pdf.length, status: 'Received' });

    const { enrollment } = await agentWithEnrollment();
    const none = await call('operations', 'GET', `${QUEUE}/${enrollment.id}/file`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.noFile });
  });
});

describe('weekly digest of pended enrollments', () => {
  it('e-mails each agent their pended enrollments once, through one job per agent (opted-out agents none)', async () => {
    const { agent } = await agentWithEnrollment({
      status: 'Pended',
      reason: 'Missing signature',
      clientFirst: 'Alma',
      clientLast: 'Reyes',
    });
    await insertEnrollment(t.database.db, { agentId: agent.id, status: 'Pended', reason: 'Invalid Medicare number' });
    const optedOut = await agentWithEnrollment({ status: 'Pended', reason: 'x' });
    await t.database.db
      .insert(notificationEmailOptOuts)
      .values({ agentId: optedOut.agent.id, kind: 'enrollment-pended-digest' });
    const queued: string[] = [];
    await queuePendedDigests({ db: t.database.db }, async (agents) => {
      queued.push(...agents.map((a) => a.agentId));
    });
    expect(queued).toContain(agent.id);
    expect(queued).not.toContain(optedOut.agent.id);
    expect(new Set(queued).size).toBe(queued.length);

    // the week's run, as its schedule sends it: one e-mail job per agent, run by the job workers
    await expect(t.app.jobs.retry(PENDED_DIGEST_JOB)).resolves.toMatchObject({ kind: 'started' });
    const mails = await waitForMail(t, agent.email, { timeoutMs: 20_000 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/2 pended enrollments waiting for you$/);
    expect(mails[0]!.text).toContain('Alma Reyes');
    expect(mails[0]!.text).toContain('Missing signature');
    expect(mails[0]!.text).toContain('Invalid Medicare number');
    expect(mails[0]!.text).toContain('http://localhost:8080/enrollments');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, optedOut.agent.email))).toEqual([]);
  });

  it("sends an agent's job nothing once nothing of theirs is pended any more", async () => {
    const { agent, enrollment } = await agentWithEnrollment({ status: 'Pended', reason: 'Missing signature' });
    await t.database.db.update(enrollments).set({ status: 'Submitted' }).where(eq(enrollments.id, enrollment.id));
    const deps = {
      db: t.database.db,
      mailer: t.app.deps.mailer,
      config: t.config,
      timeZone: t.config.businessTimeZone,
    };
    expect(await sendPendedDigest(deps, agent.id)).toBe(false);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, agent.email))).toEqual([]);
  });

  it('is scheduled for Monday 07:00 in the business time zone, a missed Monday sent when a replica is back', async () => {
    const [digest] = (await t.app.jobs.overview()).filter((kind) => kind.name === PENDED_DIGEST_JOB);
    expect(digest?.schedule).toEqual({
      cron: '0 7 * * 1',
      timeZone: t.config.businessTimeZone,
      description: 'Mondays at 07:00 (business time zone)',
    });
    const next = digest!.nextRunAt!;
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: t.config.businessTimeZone,
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Monday 07:00');
  });
});

describe('one enrollment state machine for the integration key and the back office', () => {
  const ACTION_TO = new Map(
    Object.entries(ENROLLMENT_ACTION_TARGETS).map(([kind, to]) => [to, kind as EnrollmentActionKind]),
  );
  const patch = (id: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/arc/staff/enrollments/${id}`,
      headers: { authorization: `Bearer ${STAFF_KEY}` },
      payload,
    });
  const traces = async (id: string) => ({
    log: await t.database.db.select().from(enrollmentLog).where(eq(enrollmentLog.enrollmentId, id)),
    audit: await t.database.db.select().from(auditLog).where(eq(auditLog.subject, id)),
  });
  const reasonFor = (status: string) => (status === 'Pended' ? 'Missing signature' : null);

  it('accepts exactly the moves of the one table through both paths, and a refused move writes nothing', async () => {
    const outcomes: string[] = [];
    for (const from of ENROLLMENT_STATUSES) {
      for (const to of ENROLLMENT_STATUSES) {
        if (to === from) continue;
        const allowed = ENROLLMENT_TRANSITIONS[from].includes(to);
        const pair = `${from} → ${to}`;
        // through the integration key, with client details that must not be written when the move is refused
        const viaKey = await agentWithEnrollment({ status: from, reason: reasonFor(from), clientFirst: 'Ruth' });
        const byKey = await patch(viaKey.enrollment.id, {
          status: to,
          ...(to === 'Pended' ? { reason: 'Page 2 is not signed' } : {}),
          ClientFirst: 'Changed',
        });
        expect(byKey.statusCode, `${pair} by the integration key`).toBe(allowed ? 200 : 409);
        if (!allowed) {
          expect(await stored(viaKey.enrollment.id), pair).toMatchObject({
            status: from,
            version: 1,
            clientFirst: 'Ruth',
          });
          expect(await traces(viaKey.enrollment.id), pair).toEqual({ log: [], audit: [] });
        }
        // through the back office, where an action leads to `to`
        const kind = ACTION_TO.get(to);
        if (!kind) {
          outcomes.push(`${pair}: ${byKey.statusCode} (no queue action)`);
          continue;
        }
        const viaQueue = await agentWithEnrollment({ status: from, reason: reasonFor(from) });
        const action = kind === 'pend' ? { kind, reason: 'Page 2 is not signed' } : { kind };
        const byQueue = await act('operations', viaQueue.enrollment.id, 1, action);
        expect(byQueue.statusCode, `${pair} by the back office`).toBe(byKey.statusCode);
        if (!allowed) {
          expect(byQueue.json().message, pair).toBe(byKey.json().message);
          expect(await stored(viaQueue.enrollment.id), pair).toMatchObject({ status: from, version: 1 });
          expect(await traces(viaQueue.enrollment.id), pair).toEqual({ log: [], audit: [] });
        }
        outcomes.push(`${pair}: ${byKey.statusCode}`);
      }
    }
    // the resolution of the old disagreement: a pended enrollment goes on only once resolved
    expect(outcomes).toContain('Pended → Submitted: 409');
    expect(outcomes).toContain('Pended → In Review: 409');
    expect(outcomes).toContain('Resolved → Submitted: 200');
  }, 120_000);

  it('writes the log line and the audit row of an integration move and tells the agent of a pend and a resolution', async () => {
    const { agent, enrollment, token } = await agentWithEnrollment({ clientFirst: 'Ruth', clientLast: 'Okafor' });
    const pended = await patch(enrollment.id, { status: 'Pended', reason: 'Invalid Medicare number' });
    expect(pended.statusCode).toBe(200);
    expect(pended.json()).toMatchObject({ Status: 'Pended', version: 2 });
    const resolved = await patch(enrollment.id, { status: 'Resolved', version: 2 });
    expect(resolved.statusCode).toBe(200);
    const { log, audit } = await traces(enrollment.id);
    expect(log.map((l) => [l.by, l.staffId, l.action])).toEqual([
      ['Integration', null, 'Pended: Invalid Medicare number'],
      ['Integration', null, 'Status set to Resolved'],
    ]);
    expect(audit.map((a) => [a.action, a.agentId, a.staffId, a.detail])).toEqual([
      [
        'enrollment.pended',
        agent.id,
        null,
        { by: 'Integration', from: 'Received', to: 'Pended', reason: 'Invalid Medicare number' },
      ],
      ['enrollment.resolved', agent.id, null, { by: 'Integration', from: 'Pended', to: 'Resolved' }],
    ]);
    const raised = await t.database.db.select().from(notifications).where(eq(notifications.agentId, agent.id));
    expect(raised.map((n) => n.kind).sort()).toEqual(['enrollment-pended', 'enrollment-resolved']);
    expect((await agentList(token)).enrollments[0]).toMatchObject({ Status: 'Resolved', Reason: null });
  });

  it('without a version, applies concurrent integration changes one after the other: the carrier answers once', async () => {
    const { enrollment } = await agentWithEnrollment({ status: 'Submitted' });
    const [a, b] = await Promise.all([
      patch(enrollment.id, { status: 'Enrolled' }),
      patch(enrollment.id, { status: 'Declined' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Enrolled' : 'Declined';
    expect(await stored(enrollment.id)).toMatchObject({ status: winner, version: 2 });
    const { log, audit } = await traces(enrollment.id);
    expect(log).toHaveLength(1);
    expect(audit.map((row) => row.action)).toEqual([`enrollment.${winner.toLowerCase()}`]);
  });

  it('fills in details at the same status; another reason for a pended enrollment is refused, nothing written', async () => {
    const { enrollment } = await agentWithEnrollment({ status: 'Pended', reason: 'Missing signature' });
    const same = await patch(enrollment.id, { status: 'Pended', reason: 'Missing signature', ClientLast: 'Okafor' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ Status: 'Pended', Reason: 'Missing signature', ClientLast: 'Okafor' });
    const other = await patch(enrollment.id, { status: 'Pended', reason: 'Invalid Medicare number', ClientLast: 'X' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.alreadyPended });
    expect(await stored(enrollment.id)).toMatchObject({ reason: 'Missing signature', clientLast: 'Okafor' });
    // a details fill is no move: no log line, no audit event, no news for the agent
    expect(await traces(enrollment.id)).toEqual({ log: [], audit: [] });
    const raised = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.agentId, enrollment.agentId));
    expect(raised).toEqual([]);
  });

  it('answers a stale version 409 on both paths and writes nothing', async () => {
    const { enrollment } = await agentWithEnrollment();
    expect((await act('operations', enrollment.id, 1, { kind: 'review' })).statusCode).toBe(200);
    const byKey = await patch(enrollment.id, { status: 'Pended', reason: 'x', version: 1, ClientFirst: 'Late' });
    expect(byKey.statusCode).toBe(409);
    expect(byKey.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.stale });
    expect((await patch(enrollment.id, { status: 'Submitted', version: 2 })).statusCode).toBe(200);
    const byQueue = await act('operations', enrollment.id, 2, { kind: 'pend', reason: 'x' });
    expect(byQueue.statusCode).toBe(409);
    expect(byQueue.json()).toMatchObject({ message: STAFF_ENROLLMENT_MESSAGES.stale });
    expect(await stored(enrollment.id)).toMatchObject({ status: 'Submitted', version: 3 });
    expect((await traces(enrollment.id)).log).toHaveLength(2);
    // a version that is not a positive whole number is a bad request
    expect((await patch(enrollment.id, { status: 'Enrolled', version: 0 })).statusCode).toBe(400);
  });
});
