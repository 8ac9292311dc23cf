import {
  MESSAGES,
  STAFF_TERMS_MESSAGES,
  TERMS_NOT_ACCEPTED,
  type StaffRole,
  type StaffTermsVersion,
  type StaffTermsVersionDetail,
  type TermsAcceptanceList,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notificationEmailOptOuts, notifications } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { allMail, waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

// The clock is set by the tests (a scheduled version applies at its moment), and user info and the gate's answers
// are cached as in production (60 s): a publication must count at once all the same
// (docs/decisions/caches-and-replicas.md). (a minute ahead: the seeded version 1 is stamped with the database's own
// now())
const clock = fixedClock(new Date(Date.now() + 60_000));
let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
let agent: TestAgent;
let npnSeq = 74_000_000;
const nextNpn = () => String(++npnSeq);

beforeAll(async () => {
  t = await createTestApp({ clock, env: { USER_CACHE_TTL_MS: '60000' } });
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    const id = await insertStaff(t, { role, email: `${role}.terms@provider.test` });
    tokens[role] = (await mintStaffToken(t, id)).token;
  }
  // accepts the seeded version 1
  agent = await addAgent(t, { npn: nextNpn() });
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: role ? bearer(tokens[role]) : {},
    ...(payload ? { payload } : {}),
  });

const draft = async (body = '<p>Version text</p>', title = 'Terms of Service') => {
  const res = await call('content', 'POST', '/arc/staff/terms', { title, body });
  expect(res.statusCode).toBe(200);
  return res.json<StaffTermsVersionDetail>();
};
const publish = (id: number, effectiveAt: string | null = null, role: StaffRole = 'admin') =>
  call(role, 'POST', `/arc/staff/terms/${id}/publish`, { effectiveAt });
const agentCall = (who: TestAgent, url = '/arc/agent/dashboard/files') =>
  t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const userInfo = async (who: TestAgent) =>
  (await agentCall(who, '/arc/user/info')).json<{ agent: { tos: { id: number; stamp: string | null } } }>().agent.tos;
const accept = (who: TestAgent, tosid: number) =>
  t.app.inject({ method: 'POST', url: '/arc/agent/tosagreed', headers: bearer(who.token), payload: { tosid } });
const versions = async () =>
  (await call('content', 'GET', '/arc/staff/terms')).json<{ versions: StaffTermsVersion[] }>().versions;

describe('who may call', () => {
  it('answers 401 without a token, 403 to operations and support and to an agent; admin and content may', async () => {
    expect((await call(null, 'GET', '/arc/staff/terms')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/arc/staff/terms', { title: 'T', body: '<p>x</p>' })).statusCode).toBe(401);
    for (const role of ['operations', 'support'] as const) {
      expect((await call(role, 'GET', '/arc/staff/terms')).statusCode).toBe(403);
      expect((await call(role, 'POST', '/arc/staff/terms', { title: 'T', body: '<p>x</p>' })).statusCode).toBe(403);
      expect((await call(role, 'POST', '/arc/staff/terms/1/publish', { effectiveAt: null })).statusCode).toBe(403);
      expect((await call(role, 'GET', '/arc/staff/terms-acceptances')).statusCode).toBe(403);
      expect((await call(role, 'GET', '/arc/staff/terms-acceptances/export')).statusCode).toBe(403);
    }
    const asAgent = await t.app.inject({ method: 'GET', url: '/arc/staff/terms', headers: bearer(agent.token) });
    expect(asAgent.statusCode).toBe(403);
    expect((await call('admin', 'GET', '/arc/staff/terms')).statusCode).toBe(200);
    expect((await call('content', 'GET', '/arc/staff/terms')).statusCode).toBe(200);
  });

  it('answers 400 for a malformed body or id, 404 for an unknown version', async () => {
    expect((await call('content', 'POST', '/arc/staff/terms', { title: '', body: '<p>x</p>' })).statusCode).toBe(400);
    expect((await call('content', 'POST', '/arc/staff/terms', { title: 'T' })).statusCode).toBe(400);
    expect((await call('content', 'POST', '/arc/staff/terms', { title: 'T', body: 'x', extra: 1 })).statusCode).toBe(
      400,
    );
    expect((await call('content', 'POST', '/arc/staff/terms/1/publish', { effectiveAt: 'soon' })).statusCode).toBe(400);
    expect((await call('content', 'GET', '/arc/staff/terms/abc')).statusCode).toBe(400);
    expect((await call('content', 'GET', '/arc/staff/terms/99999')).statusCode).toBe(404);
    expect((await publish(99_999)).statusCode).toBe(404);
    expect((await call('content', 'GET', '/arc/staff/terms-acceptances?version=x')).statusCode).toBe(400);
  });
});

describe('drafts', () => {
  it('refuses a terms draft with a script tag, with its reason, and stores nothing', async () => {
    const before = (await versions()).length;
    const res = await call('content', 'POST', '/arc/staff/terms', {
      title: 'Terms of Service',
      body: '<p>Hello</p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(400);
    const error = res.json<{ code: string; fieldErrors: Record<string, string[]> }>();
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.fieldErrors.body?.join(' ')).toMatch(/script/i);
    expect((await versions()).length).toBe(before);
  });

  it('refuses a 198 KB body nested 66,000 deep at once (it cost 2.3 s of CPU), and saves a long normal one', async () => {
    const before = (await versions()).length;
    // CPU time, what the request costs the event loop (the wall clock also counts other work on the machine)
    const started = process.cpuUsage();
    const res = await call('content', 'POST', '/arc/staff/terms', { title: 'Deep', body: '<b>'.repeat(66_000) });
    const used = process.cpuUsage(started);
    const elapsed = (used.user + used.system) / 1000;
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.body?.join(' ')).toMatch(/nested/);
    expect(elapsed).toBeLessThan(300);
    expect((await versions()).length).toBe(before);

    const section =
      '<h3>Section</h3><p>Some <strong>terms</strong> text with <a href="https://cms.gov">a link</a>.</p>';
    const list = '<ul><li><p>One</p><ul><li><p>Nested <em>item</em></p></li></ul></li></ul>';
    const body = (section + list).repeat(600);
    expect(body.length).toBeGreaterThan(100_000);
    expect((await draft(body)).body).toContain('<li><p>Nested <em>item</em></p></li>');
  });

  it('writes and edits a draft (cleaned), which no agent sees; a published version cannot be edited', async () => {
    const created = await draft('<p>First <em>draft</em></p><p class="x">kept text</p>', 'Draft title');
    expect(created).toMatchObject({ status: 'draft', effectiveAt: null, publishedBy: null, acceptances: 0 });
    expect(created.body).toBe('<p>First <em>draft</em></p><p>kept text</p>');
    const edited = await call('content', 'PUT', `/arc/staff/terms/${created.id}`, {
      title: 'Edited title',
      body: '<p>Second draft</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, title: 'Edited title', body: '<p>Second draft</p>' });
    const handler = await call('content', 'PUT', `/arc/staff/terms/${created.id}`, {
      title: 'T',
      body: '<p onclick="steal()">x</p>',
    });
    expect(handler.statusCode).toBe(400);
    // agents see neither the draft's text nor a gate for it
    expect((await agentCall(agent, `/arc/terms/${created.id}`)).statusCode).toBe(404);
    expect((await agentCall(agent)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terms.drafted'), eq(auditLog.subject, String(created.id))));
    expect(audit).toHaveLength(2);
    // the draft is discarded by publishing below (the tests share the database); a published one is final
    expect((await publish(created.id)).statusCode).toBe(200);
    const again = await call('content', 'PUT', `/arc/staff/terms/${created.id}`, { title: 'T', body: '<p>x</p>' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_TERMS_MESSAGES.notDraft);
    expect((await publish(created.id)).statusCode).toBe(409);
    // bring the agent up to date for the next tests
    expect((await accept(agent, created.id)).statusCode).toBe(200);
  });
});

describe('publishing', () => {
  it('sends the agent to the gate at the next call (cached answers notwithstanding); accepting opens the portal', async () => {
    // both answers are cached now
    expect((await agentCall(agent)).statusCode).toBe(200);
    expect((await userInfo(agent)).stamp).not.toBeNull();

    const version = await draft('<h2>Terms of Service</h2><p>Version with new rules</p>', 'Terms, new rules');
    const published = await publish(version.id);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', publishedBy: 'admin.terms@provider.test' });

    const gated = await agentCall(agent);
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toEqual({ code: TERMS_NOT_ACCEPTED, message: MESSAGES.termsNotAccepted });
    expect(await userInfo(agent)).toMatchObject({ id: version.id, stamp: null });
    const text = await agentCall(agent, `/arc/terms/${version.id}`);
    expect(text.json()).toMatchObject({ title: 'Terms, new rules', body: expect.stringContaining('new rules') });

    expect((await accept(agent, version.id)).statusCode).toBe(200);
    expect((await agentCall(agent)).statusCode).toBe(200);
    expect((await userInfo(agent)).stamp).not.toBeNull();

    const listed = await versions();
    expect(listed.find((v) => v.id === version.id)).toMatchObject({ status: 'published', acceptances: 1 });
    expect(listed.filter((v) => v.status === 'published')).toHaveLength(1);
    expect(listed.find((v) => v.id === 1)?.status).toBe('superseded');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terms.published'), eq(auditLog.subject, String(version.id))));
    expect(audit).toHaveLength(1);
  });

  it('applies a scheduled version only at its moment, without a restart', async () => {
    const version = await draft('<p>Scheduled version</p>', 'Terms, from next week');
    const at = new Date(clock.now().getTime() + 7 * 24 * 60 * 60 * 1000);
    const res = await publish(version.id, at.toISOString(), 'content');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', effectiveAt: at.toISOString() });
    expect((await agentCall(agent)).statusCode).toBe(200);
    expect((await userInfo(agent)).id).not.toBe(version.id);
    expect((await agentCall(agent, `/arc/terms/${version.id}`)).statusCode).toBe(404);
    expect((await accept(agent, version.id)).statusCode).toBe(409);

    clock.set(new Date(at.getTime() - 1000));
    expect((await agentCall(agent)).statusCode).toBe(200);
    clock.set(at);
    expect((await agentCall(agent)).statusCode).toBe(403);
    expect(await userInfo(agent)).toMatchObject({ id: version.id, stamp: null });
    expect((await accept(agent, version.id)).statusCode).toBe(200);
    expect((await agentCall(agent)).statusCode).toBe(200);
    expect((await versions()).find((v) => v.id === version.id)?.status).toBe('published');
  });

  it('notifies every active agent once (one statement), e-mails those who did not opt out', async () => {
    const optedOut = await addAgent(t, { npn: nextNpn() });
    await t.database.db.insert(notificationEmailOptOuts).values({ agentId: optedOut.id, kind: 'terms-updated' });
    const inactive = await addAgent(t, { npn: nextNpn(), status: 'Inactive' });
    const version = await draft('<p>Notified version</p>', 'Terms, notified');
    expect((await publish(version.id)).statusCode).toBe(200);

    const raised = await t.database.db
      .select({ agentId: notifications.agentId, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, 'terms-updated'));
    const forThis = raised.filter((r) => r.agentId === optedOut.id);
    expect(forThis).toEqual([{ agentId: optedOut.id, link: '/tosgate' }]);
    expect(raised.some((r) => r.agentId === inactive.id)).toBe(false);

    const mail = await waitForMail(t, agent.email);
    expect(mail[0]?.subject).toMatch(/Updated Terms of Service/);
    expect(mail[0]?.text).toContain('/tosgate');
    expect((await allMail(t)).some((m) => m.to === optedOut.email && /Terms/.test(m.subject))).toBe(false);
  });
});

describe('acceptance history', () => {
  it('lists who accepted which version when, filtered by version and paged', async () => {
    const all = (await call('content', 'GET', '/arc/staff/terms-acceptances')).json<TermsAcceptanceList>();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.rows[0]).toMatchObject({ npn: agent.npn, name: expect.any(String) });
    const newest = all.rows[0]!.version;
    const one = (
      await call('admin', 'GET', `/arc/staff/terms-acceptances?version=${newest}&page=1`)
    ).json<TermsAcceptanceList>();
    expect(one.rows.every((row) => row.version === newest)).toBe(true);
    expect(one.total).toBe(one.rows.length);
    const beyond = (await call('admin', 'GET', '/arc/staff/terms-acceptances?page=9')).json<TermsAcceptanceList>();
    expect(beyond.rows).toEqual([]);
  });

  it('exports the history as a real .xlsx and records the export', async () => {
    const res = await call('admin', 'GET', '/arc/staff/terms-acceptances/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Terms acceptances.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['NPN', 'Agent', 'Version', 'Accepted']);
    const list = (await call('admin', 'GET', '/arc/staff/terms-acceptances')).json<TermsAcceptanceList>();
    expect(sheet.rowCount - 1).toBe(list.total);
    const first = sheet.getRow(2).values as unknown[];
    expect(first[1]).toBe(list.rows[0]!.npn);
    expect(first[3]).toBe(list.rows[0]!.version);
    expect(first[4]).toBeInstanceOf(Date);

    const filtered = await call('content', 'GET', '/arc/staff/terms-acceptances/export?version=1');
    expect(filtered.headers['content-disposition']).toContain('version 1.xlsx');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'terms.acceptances-exported'));
    expect(audit.map((row) => row.subject).sort()).toEqual(['1', 'all versions']);
  });
});
