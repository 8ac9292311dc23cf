import { STAFF_MEMBER_MESSAGES, staffPaths, type StaffRole } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

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

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
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
}

describe('staff management: roles', () => {
  it('is the admin’s alone: operations, content and support get 403 and nothing changes', async () => {
    for (const role of ['operations', 'content', 'support'] as const) {
      const answers = [
        await call(tokens[role], 'GET', '/arc/staff/members'),
        await call(tokens[role], 'POST', '/arc/staff/members', { email: `new-${role}@members.test`, role: 'admin' }),
        await call(tokens[role], 'POST', `/arc/staff/members/${ids.content}/disable`),
        await call(tokens[role], 'POST', `/arc/staff/members/${ids.content}/reset-second-factor`),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    }
    const [content] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, ids.content));
    expect(content?.status).toBe('active');
    expect(await auditOf(ids.content)).toEqual([]);
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
    expect((await call(token, 'GET', '/arc/staff/me')).statusCode).toBe(401);
    expect((await auditOf(id)).map((e) => [e.action, e.detail])).toEqual([
      ['staff.second-factor-reset', { by: 'admin@members.test' }],
    ]);
    expect((await call(tokens.admin, 'POST', '/arc/staff/members/nobody/reset-second-factor')).statusCode).toBe(404);
  });
});
