import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads, staffAccounts } from '../../db/schema/index.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';
import { staffAudience, staffSubject } from './staff-auth.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getMe = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/arc/staff/me', headers: token ? bearer(token) : {} });

describe('GET /arc/staff/me', () => {
  it('answers the signed-in staff member and role, not to be stored', async () => {
    const staffId = await insertStaff(t, { email: 'ops.one@staff.test', role: 'operations' });
    const { token } = await mintStaffToken(t, staffId);
    const res = await getMe(token);
    expect(res.statusCode).toBe(200);
    // with the zone the back office shows instants in: by default the business zone (issue 45)
    expect(res.json()).toEqual({
      id: staffId,
      email: 'ops.one@staff.test',
      name: null,
      role: 'operations',
      timeZone: t.config.businessTimeZone,
      timeZoneSetting: null,
      defaultTimeZone: t.config.businessTimeZone,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a token, with a malformed one, and with an expired one', async () => {
    expect((await getMe()).statusCode).toBe(401);
    expect((await getMe('not-a-jwt')).statusCode).toBe(401);
    const staffId = await insertStaff(t);
    expect((await getMe((await mintStaffToken(t, staffId, { expiresIn: -10 })).token)).statusCode).toBe(401);
  });

  it("answers 403 for an agent's token: an agent never acts as staff", async () => {
    const agent = await insertAgent(t.database.db);
    const res = await getMe(await mintAccessToken(t, { agentId: agent.id }));
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 for a staff-looking token of the wrong client, audience or subject', async () => {
    const staffId = await insertStaff(t);
    const { grantId } = await mintStaffToken(t, staffId);
    const base = { agentId: staffSubject(staffId), audience: staffAudience(t.config.publicUrl), grantId };
    // the agents' client
    expect((await getMe(await mintAccessToken(t, { ...base, clientId: 'arc-web' }))).statusCode).toBe(401);
    // the agents' audience, from the staff client
    expect(
      (await getMe(await mintAccessToken(t, { ...base, audience: t.config.apiAudience, clientId: 'arc-staff' })))
        .statusCode,
    ).toBe(401);
    // a subject outside the staff namespace
    expect(
      (await getMe(await mintAccessToken(t, { ...base, agentId: staffId, clientId: 'arc-staff' }))).statusCode,
    ).toBe(401);
  });

  it("answers 401 once the account is disabled or the token's grant has ended", async () => {
    const staffId = await insertStaff(t);
    const { token, grantId } = await mintStaffToken(t, staffId);
    expect((await getMe(token)).statusCode).toBe(200);
    await t.database.db.delete(oidcPayloads).where(eq(oidcPayloads.id, grantId));
    expect((await getMe(token)).statusCode).toBe(401);

    const second = await mintStaffToken(t, staffId);
    expect((await getMe(second.token)).statusCode).toBe(200);
    await t.database.db.update(staffAccounts).set({ status: 'disabled' }).where(eq(staffAccounts.id, staffId));
    await t.app.staffChanged(staffId);
    expect((await getMe(second.token)).statusCode).toBe(401);
  });
});

describe('a staff token on an agent call', () => {
  it('answers 401: staff never act as an agent', async () => {
    const staffId = await insertStaff(t);
    const { token } = await mintStaffToken(t, staffId);
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });
});
