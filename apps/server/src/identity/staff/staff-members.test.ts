import { STAFF_MEMBER_MESSAGES, staffPaths, type StaffRole } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '../../db/schema/index.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { linkIn, waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { changeStaffRole } from './service.ts';

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const ids = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    ids[role] = await insertStaff(t, { role, email: `${role}@members.test` });
    tokens[role] = (await mintStaffToken(t, ids[role])).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const auditOf = async (staffId: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.staffId, staffId))).map((e) => ({
    action: e.action,
    detail: e.detail,
    ip: e.ip,
  }));

interface Issued {
  member: { id: string; email: string; role: string; status: string; isEnrolled: boolean };
  enrolmentLink: string;
  emailedTo: string;
}

describe('staff management: roles', () => {
  it('is the admin’s alone: operations, content and support get 403 and nothing changes', async () => {
    for (const role of ['operations', 'content', 'support'] as const) {
      const answers = [
        await call(tokens[role], 'GET', '/arc/staff/members'),
        await call(tokens[role], 'POST', '/arc/staff/members', { email: `new-${role}@members.test`, role: 'admin' }),
        await call(tokens[role], 'POST', `/arc/staff/members/${ids.content}/disable`),
        await call(tokens[role], 'POST', `/arc/staff/members/${ids.content}/reset-second-factor`),
        await call(tokens[role], 'PUT', `/arc/staff/members/${ids.content}/role`, { role: 'admin' }),
        await call(tokens[role], 'POST', `/arc/staff/members/${ids.content}/enable`),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    }
    const [content] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, ids.content));
    expect(content?.status).toBe('active');
    expect(content?.role).toBe('content');
    expect(await auditOf(ids.content)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['PUT', `/arc/staff/members/${ids.content}/role`],
      ['POST', `/arc/staff/members/${ids.content}/enable`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'PUT' ? { payload: { role: 'admin' } } : {}) });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('GET /arc/staff/members', () => {
  it('lists every member with role, status, second factor and last sign-in, never a secret', async () => {
    const res = await call(tokens.admin, 'GET', '/arc/staff/members');
    expect(res.statusCode).toBe(200);
    const { members } = res.json<{ members: Record<string, unknown>[] }>();
    expect(members.find((m) => m.email === 'support@members.test')).toMatchObject({
      id: ids.support,
      role: 'support',
      status: 'active',
      isEnrolled: false,
      lastSignInAt: null,
    });
    expect(res.body).not.toMatch(/password|totp|secret/i);
  });
});

describe('POST /arc/staff/members', () => {
  it('adds a member and answers a one-time enrolment link that opens; audited with the admin as `by`', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/members',
      headers: bearer(tokens.admin),
      payload: { email: '  Nina@Members.test ', role: 'content' },
      remoteAddress: '10.7.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const issued = res.json<Issued>();
    expect(issued.member).toMatchObject({ email: 'nina@members.test', role: 'content', status: 'active' });
    expect(issued.enrolmentLink).toMatch(new RegExp(`^${t.config.publicUrl}/staff/enrol/[A-Za-z0-9_-]{43}$`));
    const token = issued.enrolmentLink.split('/').at(-1)!;
    const enrolment = await t.app.inject({ method: 'GET', url: `/arc/staff/enrolment/${token}` });
    expect(enrolment.statusCode).toBe(200);
    expect(enrolment.json()).toMatchObject({ email: 'nina@members.test', role: 'content' });
    expect(staffPaths.enrolment(token)).toBe(new URL(issued.enrolmentLink).pathname);
    expect(await auditOf(issued.member.id)).toEqual([
      { action: 'staff.created', detail: { role: 'content', by: 'admin@members.test' }, ip: '10.7.0.1' },
    ]);
    // the same link, e-mailed to the member
    expect(issued.emailedTo).toBe('nina@members.test');
    const [mail] = await waitForMail(t, 'nina@members.test');
    expect(mail?.subject).toMatch(/back-office account/);
    expect(linkIn(mail!, `${t.config.publicUrl}/staff/enrol/`)).toBe(issued.enrolmentLink);
    expect(mail?.html).toContain(issued.enrolmentLink);
  });

  it('refuses a bad e-mail, an unknown role, extra fields (400) and an e-mail taken already (409)', async () => {
    for (const body of [
      { email: 'not-an-address', role: 'admin' },
      { email: 'ok@members.test', role: 'superuser' },
      { email: 'ok@members.test' },
      { email: 'ok@members.test', role: 'admin', status: 'active' },
      { email: `${'x'.repeat(250)}@members.test`, role: 'admin' },
    ]) {
      expect((await call(tokens.admin, 'POST', '/arc/staff/members', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await call(tokens.admin, 'POST', '/arc/staff/members', {
      email: 'SUPPORT@members.test',
      role: 'admin',
    });
    expect(taken.statusCode).toBe(409);
    expect(await waitForMail(t, 'ok@members.test', { timeoutMs: 100 }).catch(() => [])).toEqual([]);
  });
});

describe('POST /arc/staff/members/:id/disable', () => {
  it('disables a member: their next call is 401; audited with the admin as `by`', async () => {
    const id = await insertStaff(t, { role: 'operations', email: 'leaving@members.test' });
    const { token } = await mintStaffToken(t, id);
    expect((await call(token, 'GET', '/arc/staff/me')).statusCode).toBe(200);
    const res = await call(tokens.admin, 'POST', `/arc/staff/members/${id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'disabled' });
    expect((await call(token, 'GET', '/arc/staff/me')).statusCode).toBe(401);
    expect((await auditOf(id)).map((e) => [e.action, e.detail])).toEqual([
      ['staff.disabled', { by: 'admin@members.test' }],
    ]);
  });

  it('refuses to disable yourself (409) and answers 404 for an unknown id', async () => {
    const self = await call(tokens.admin, 'POST', `/arc/staff/members/${ids.admin}/disable`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MEMBER_MESSAGES.notYourself);
    expect((await call(tokens.admin, 'GET', '/arc/staff/me')).statusCode).toBe(200);
    expect((await call(tokens.admin, 'POST', '/arc/staff/members/nobody/disable')).statusCode).toBe(404);
  });
});

describe('POST /arc/staff/members/:id/reset-second-factor', () => {
  it('removes the second factor, ends the sessions and answers a new enrolment link; audited', async () => {
    const id = await insertStaff(t, {
      role: 'support',
      email: 'lost-phone@members.test',
      passwordHash: 'x',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    });
    const { token } = await mintStaffToken(t, id);
    const res = await call(tokens.admin, 'POST', `/arc/staff/members/${id}/reset-second-factor`);
    expect(res.statusCode).toBe(200);
    const issued = res.json<Issued>();
    expect(issued.member).toMatchObject({ id, isEnrolled: false, status: 'active' });
    expect(issued.enrolmentLink).toContain('/staff/enrol/');
    expect(issued.emailedTo).toBe('lost-phone@members.test');
    const [mail] = await waitForMail(t, 'lost-phone@members.test');
    expect(mail?.subject).toMatch(/sign-in again/);
    expect(linkIn(mail!, `${t.config.publicUrl}/staff/enrol/`)).toBe(issued.enrolmentLink);
    expect((await call(token, 'GET', '/arc/staff/me')).statusCode).toBe(401);
    expect((await auditOf(id)).map((e) => [e.action, e.detail])).toEqual([
      ['staff.second-factor-reset', { by: 'admin@members.test' }],
    ]);
    expect((await call(tokens.admin, 'POST', '/arc/staff/members/nobody/reset-second-factor')).statusCode).toBe(404);
  });
});

describe('PUT /arc/staff/members/:id/role', () => {
  it('changes the role: the member’s session stays and their next call uses it; audited from → to', async () => {
    const id = await insertStaff(t, { role: 'support', email: 'promoted@members.test' });
    const { token } = await mintStaffToken(t, id);
    expect((await call(token, 'GET', '/arc/staff/members')).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/arc/staff/members/${id}/role`,
      headers: bearer(tokens.admin),
      payload: { role: 'admin' },
      remoteAddress: '10.7.0.2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, role: 'admin', status: 'active' });
    const me = await call(token, 'GET', '/arc/staff/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'admin' });
    expect((await call(token, 'GET', '/arc/staff/members')).statusCode).toBe(200);
    expect(await auditOf(id)).toEqual([
      {
        action: 'staff.role-changed',
        detail: { from: 'support', to: 'admin', by: 'admin@members.test' },
        ip: '10.7.0.2',
      },
    ]);
    // the same role again writes nothing
    expect((await call(tokens.admin, 'PUT', `/arc/staff/members/${id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses your own role (409), an unknown id (404) and a malformed body (400), writing nothing', async () => {
    const self = await call(tokens.admin, 'PUT', `/arc/staff/members/${ids.admin}/role`, { role: 'support' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(STAFF_MEMBER_MESSAGES.notYourOwnRole);
    const unknown = await call(tokens.admin, 'PUT', '/arc/staff/members/nobody/role', { role: 'support' });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { role: 'superuser' }, { role: 'support', status: 'active' }, { role: 7 }]) {
      const res = await call(tokens.admin, 'PUT', `/arc/staff/members/${ids.support}/role`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [admin] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, ids.admin));
    const [support] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, ids.support));
    expect([admin?.role, support?.role]).toEqual(['admin', 'support']);
    expect(await auditOf(ids.admin)).toEqual([]);
    expect(await auditOf(ids.support)).toEqual([]);
  });
});

describe('the last active admin', () => {
  let own: TestApp;
  afterAll(async () => {
    await own?.close();
  });

  const demote = (token: string, id: string) =>
    own.app.inject({
      method: 'PUT',
      url: `/arc/staff/members/${id}/role`,
      headers: bearer(token),
      payload: { role: 'operations' },
    });
  const activeAdmins = async () =>
    (await own.database.db.select().from(staffAccounts).where(eq(staffAccounts.role, 'admin'))).filter(
      (s) => s.status === 'active',
    );

  it('keeps the role (409) when no other active admin is left; nothing is written', async () => {
    own = await createTestApp();
    const last = await insertStaff(own, { role: 'admin', email: 'last@members.test' });
    await insertStaff(own, { role: 'admin', email: 'gone@members.test', status: 'disabled' });
    // the route refuses your own role, so the one admin left is reached through the service (as `npm run staff` would)
    const deps = { db: own.database.db, clock: own.clock, recordAudit };
    await expect(changeStaffRole(deps, last, 'operations')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: STAFF_MEMBER_MESSAGES.lastAdmin,
    });
    expect((await activeAdmins()).map((s) => s.id)).toEqual([last]);
    expect(await own.database.db.select().from(auditLog).where(eq(auditLog.staffId, last))).toEqual([]);
  });

  it('of two admins taking the role from each other at once, one is refused', async () => {
    const first = await insertStaff(own, { role: 'admin', email: 'first@members.test' });
    const firstToken = (await mintStaffToken(own, first)).token;
    const [last] = await activeAdmins();
    const lastToken = (await mintStaffToken(own, last!.id)).token;
    const answers = await Promise.all([demote(firstToken, last!.id), demote(lastToken, first)]);
    // the second is refused as the last admin's (409), or as a non-admin's when the first change came before it (403)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.map((a) => a.statusCode)).not.toContain(500);
    expect(await activeAdmins()).toHaveLength(1);
  });
});

describe('POST /arc/staff/members/:id/enable', () => {
  it('enables a disabled member with their password and second factor kept; audited', async () => {
    const id = await insertStaff(t, {
      role: 'operations',
      email: 'back@members.test',
      status: 'disabled',
      passwordHash: 'x',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    });
    const { token } = await mintStaffToken(t, id);
    expect((await call(token, 'GET', '/arc/staff/me')).statusCode).toBe(401);
    const res = await call(tokens.admin, 'POST', `/arc/staff/members/${id}/enable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'active', isEnrolled: true, role: 'operations' });
    expect((await call(token, 'GET', '/arc/staff/me')).statusCode).toBe(200);
    // an active member: answered as is, nothing written
    expect((await call(tokens.admin, 'POST', `/arc/staff/members/${id}/enable`)).statusCode).toBe(200);
    expect((await auditOf(id)).map((e) => [e.action, e.detail])).toEqual([
      ['staff.enabled', { by: 'admin@members.test' }],
    ]);
    expect((await call(tokens.admin, 'POST', '/arc/staff/members/nobody/enable')).statusCode).toBe(404);
  });
});
