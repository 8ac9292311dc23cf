import type { StaffRole, TermsNotAcceptedList, TermsReminderResult } from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, termsAcceptances, termsReminders } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { insertAgent, insertTerms } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { allMail, waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

// Who has not accepted the version in force, its export and the reminder (issue 47). The database's seeded version 1
// is stamped with its own now(): the clock runs a minute ahead, and version 2 takes effect just before it.
const clock = fixedClock(new Date(Date.now() + 60_000));
const HOUR = 60 * 60 * 1000;
let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
let agentToken: string;
let version2: number;
/** the agents by what they did, each named so the search and the order can be checked */
const who = {} as Record<
  'current' | 'olderOnly' | 'never' | 'unregistered' | 'inactive',
  { id: string; npn: string; email: string }
>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    const id = await insertStaff(t, { role, email: `${role}.reminders@provider.test` });
    tokens[role] = (await mintStaffToken(t, id)).token;
  }
  const db = t.database.db;
  // version 1 accepted by these two (insertAgent accepts the newest version, here 1)
  const current = await insertAgent(db, { lastName: 'Aaberg', firstName: 'Current', npn: '75000001' });
  const olderOnly = await insertAgent(db, { lastName: 'Baxter', firstName: 'Older', npn: '75000002' });
  version2 = (await insertTerms(db, { title: 'Terms, version 2', publishedAt: new Date(clock.now().getTime() - 1000) }))
    .id;
  await db.insert(termsAcceptances).values({ agentId: current.id, termsId: version2 });
  const never = await insertAgent(db, { lastName: 'Carver', firstName: 'Never', npn: '75000003', acceptTerms: false });
  const unregistered = await insertAgent(db, {
    lastName: 'Dalton',
    firstName: 'Roster',
    npn: '75000004',
    password: null,
  });
  const inactive = await insertAgent(db, {
    lastName: 'Ellis',
    firstName: 'Gone',
    npn: '75000005',
    status: 'Inactive',
    acceptTerms: false,
  });
  Object.assign(who, { current, olderOnly, never, unregistered, inactive });
  // a sign-in the list shows
  await db.insert(auditLog).values({
    occurredAt: new Date('2026-12-01T15:00:00Z'),
    agentId: olderOnly.id,
    action: 'sign-in.succeeded',
  });
  agentToken = await mintAccessToken(t, { agentId: current.id });
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: role ? bearer(tokens[role]) : {}, ...(payload ? { payload } : {}) });
const list = async (query = '') => {
  const res = await call('admin', 'GET', `/arc/staff/terms-not-accepted${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<TermsNotAcceptedList>();
};
const remind = async (payload: object, role: StaffRole = 'admin') => {
  const res = await call(role, 'POST', '/arc/staff/terms-not-accepted/remind', payload);
  expect(res.statusCode).toBe(200);
  return res.json<TermsReminderResult>();
};
const reminderRows = () => t.database.db.select().from(termsReminders);

describe('GET /arc/staff/terms-not-accepted', () => {
  it('lists the active agents without an acceptance of the version in force, by name, with the count', async () => {
    const page = await list();
    expect(page.version).toEqual({ id: version2, title: 'Terms, version 2' });
    // accepted version 2: out; accepted only version 1: in; never accepted, registered or not: in; inactive: out
    expect(page.rows.map((row) => row.npn)).toEqual([who.olderOnly.npn, who.never.npn, who.unregistered.npn]);
    expect(page.total).toBe(3);
    expect(page.rows[0]).toMatchObject({
      name: 'Older Baxter',
      email: who.olderOnly.email,
      lastSignInAt: '2026-12-01T15:00:00.000Z',
      remindedAt: null,
    });
    expect(page.rows[1]!.lastSignInAt).toBeNull();
  });

  it('searches by NPN, last name and e-mail prefix on the server, and pages', async () => {
    expect((await list(`?q=${who.never.npn}`)).rows.map((row) => row.npn)).toEqual([who.never.npn]);
    expect((await list('?q=dal')).rows.map((row) => row.npn)).toEqual([who.unregistered.npn]);
    const byEmail = await list(`?q=${encodeURIComponent(who.olderOnly.email.slice(0, 8))}`);
    expect(byEmail.rows.map((row) => row.npn)).toContain(who.olderOnly.npn);
    // an accepted or inactive agent is not found by a search either
    expect((await list(`?q=${who.current.npn}`)).total).toBe(0);
    expect((await list(`?q=${who.inactive.npn}`)).total).toBe(0);
    const beyond = await list('?page=2');
    expect(beyond).toMatchObject({ rows: [], total: 3, page: 2, pageSize: 50 });
  });
});

describe('who may call', () => {
  it('answers 401 without a token; 403 to operations, support and an agent; admin and content may', async () => {
    const urls = [
      ['GET', '/arc/staff/terms-not-accepted'],
      ['GET', '/arc/staff/terms-not-accepted/export'],
      ['POST', '/arc/staff/terms-not-accepted/remind'],
    ] as const;
    const body = { to: 'selected', npns: [who.never.npn] };
    for (const [method, url] of urls) {
      const payload = method === 'POST' ? body : undefined;
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      for (const role of ['operations', 'support'] as const) {
        expect((await call(role, method, url, payload)).statusCode).toBe(403);
      }
      const asAgent = await t.app.inject({ method, url, headers: bearer(agentToken), ...(payload ? { payload } : {}) });
      expect(asAgent.statusCode).toBe(403);
    }
    expect((await call('content', 'GET', '/arc/staff/terms-not-accepted')).statusCode).toBe(200);
    // nothing was reminded by the refused calls
    expect(await reminderRows()).toEqual([]);
  });

  it('answers 400 for a malformed body or query and writes nothing', async () => {
    const bad = [
      {},
      { to: 'selected' },
      { to: 'selected', npns: [] },
      { to: 'selected', npns: ['12ab'] },
      { to: 'selected', npns: Array.from({ length: 201 }, (_, i) => String(76_000_000 + i)) },
      { to: 'all', npns: [who.never.npn] },
      { to: 'everyone' },
      { all: true },
    ];
    for (const payload of bad) {
      expect((await call('admin', 'POST', '/arc/staff/terms-not-accepted/remind', payload)).statusCode).toBe(400);
    }
    expect((await call('admin', 'GET', '/arc/staff/terms-not-accepted?page=0')).statusCode).toBe(400);
    expect((await call('admin', 'GET', `/arc/staff/terms-not-accepted?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect(await reminderRows()).toEqual([]);
    expect(await allMail(t)).toEqual([]);
  });
});

describe('POST /arc/staff/terms-not-accepted/remind', () => {
  it('reminds one agent in the portal and by e-mail, records when, and skips them within 24 hours', async () => {
    const result = await remind({ to: 'selected', npns: [who.never.npn] });
    expect(result).toEqual({ reminded: 1, skipped: 0, notPending: 0, message: '1 reminded.' });

    const [mail] = await waitForMail(t, who.never.email);
    expect(mail!.subject).toMatch(/Reminder: accept the updated Terms of Service/);
    expect(mail!.text).toContain('The terms of service changed ("Terms, version 2", version');
    expect(mail!.text).toMatch(/Sign in to accept them: http\S+\/sign-in/);
    const agentNotifications = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.agentId, who.never.id));
    expect(agentNotifications).toMatchObject([{ kind: 'terms-updated', link: '/tosgate' }]);
    const row = (await list()).rows.find((r) => r.npn === who.never.npn);
    expect(row!.remindedAt).toEqual(clock.now().toISOString());

    // again within the day: skipped, nobody notified twice; an NPN who need not accept is counted apart
    clock.advance(23 * HOUR);
    const again = await remind({ to: 'selected', npns: [who.never.npn, who.current.npn, who.inactive.npn] });
    expect(again).toEqual({
      reminded: 0,
      skipped: 1,
      notPending: 2,
      message: '0 reminded, 1 skipped: reminded in the last 24 hours; 2 not reminded: accepted already or not active.',
    });
    expect(await reminderRows()).toHaveLength(1);

    // a day after the first: reminded again
    clock.advance(HOUR);
    expect(await remind({ to: 'selected', npns: [who.never.npn] }, 'content')).toMatchObject({
      reminded: 1,
      skipped: 0,
    });
    await waitForMail(t, who.never.email, { count: 2 });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terms.reminded'), eq(auditLog.subject, String(version2))));
    expect(audit.map((entry) => entry.detail)).toEqual([
      { to: 'selected', reminded: 1, skipped: 0, notPending: 0, npns: [who.never.npn] },
      {
        to: 'selected',
        reminded: 0,
        skipped: 1,
        notPending: 2,
        npns: [who.never.npn, who.current.npn, who.inactive.npn],
      },
      { to: 'selected', reminded: 1, skipped: 0, notPending: 0, npns: [who.never.npn] },
    ]);
  });

  it('reminds everyone who has not accepted, skipping those reminded in the last 24 hours', async () => {
    const result = await remind({ to: 'all' });
    // olderOnly and unregistered now; never was reminded a moment ago
    expect(result).toEqual({
      reminded: 2,
      skipped: 1,
      notPending: 0,
      message: '2 reminded, 1 skipped: reminded in the last 24 hours.',
    });
    await waitForMail(t, who.olderOnly.email);
    await waitForMail(t, who.unregistered.email);
    // neither the agent who accepted nor the inactive one
    const mailed = (await allMail(t)).map((mail) => mail.to);
    expect(mailed).not.toContain(who.current.email);
    expect(mailed).not.toContain(who.inactive.email);
    expect((await list()).rows.every((row) => row.remindedAt !== null)).toBe(true);
    expect(await remind({ to: 'all' })).toMatchObject({ reminded: 0, skipped: 3 });
  });
});

describe('GET /arc/staff/terms-not-accepted/export', () => {
  it('exports the list as a real .xlsx (the search applies) and records the export', async () => {
    const res = await call('content', 'GET', '/arc/staff/terms-not-accepted/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`Terms not accepted, version ${version2}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'NPN',
      'Agent',
      'E-mail',
      'Last sign-in',
      'Last reminded',
    ]);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) =>
      (sheet.getRow(i + 2).values as unknown[]).slice(1),
    );
    expect(rows.map((row) => row[0])).toEqual([who.olderOnly.npn, who.never.npn, who.unregistered.npn]);
    expect(rows[0]!.slice(1, 3)).toEqual(['Older Baxter', who.olderOnly.email]);
    expect(rows[0]![3]).toEqual(new Date('2026-12-01T15:00:00Z'));
    expect(rows[0]![4]).toBeInstanceOf(Date);
    expect(rows[1]![3]).toBeUndefined();

    const searched = await call('admin', 'GET', `/arc/staff/terms-not-accepted/export?q=${who.never.npn}`);
    const one = new ExcelJS.Workbook();
    await one.xlsx.load(searched.rawPayload as unknown as ArrayBuffer);
    expect(one.worksheets[0]!.rowCount).toBe(2);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'terms.not-accepted-exported'));
    expect(audit.map((entry) => entry.detail)).toEqual([{}, { q: who.never.npn }]);
  });
});
