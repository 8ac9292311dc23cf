import { STAFF_CLIENT_ID, STAFF_MESSAGES, staffPaths } from '@arc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, oidcPayloads, staffAccounts, staffRecoveryCodes } from '../../db/schema/index.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { hashToken } from '../../platform/tokens.ts';
import { insertAgent } from '../../seed/factories.ts';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET, seedDemoStaff } from '../../seed/staff.ts';
import { createTestApp, fixedClock, type TestApp } from '../../test/app.ts';
import {
  followToCallback,
  signInThroughProvider,
  startAuthorization,
  tokenRequest,
  type AuthorizationStart,
} from '../../test/sign-in.ts';
import { insertStaff } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { TTL } from '../provider-config.ts';
import { STAFF_ACCESS_TOKEN_TTL } from './provider-staff.ts';
import { completeEnrolment, createStaff, disableStaff, enableStaff, resetStaffSecondFactor } from './service.ts';
import { staffSubject } from './staff-auth.ts';
import { totpCode } from './totp.ts';

const clock = fixedClock(new Date());
const SECRET = 'JBSWY3DPEHPK3PXP';
const PASSWORD = 'Staff-Password-2026!';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PROVIDER_EMAIL_DOMAIN: 'provider.test' } });
});
afterAll(async () => {
  await t?.close();
});
// every test starts on a fresh 30-second step, so a code is never refused as used before
beforeEach(() => clock.advance(30_000));

async function enrolledStaff(options: { role?: 'admin' | 'operations' | 'content' | 'support'; email?: string } = {}) {
  return insertStaff(t, {
    role: options.role ?? 'admin',
    ...(options.email ? { email: options.email } : {}),
    passwordHash: await hashPassword(PASSWORD),
    totpSecret: SECRET,
  });
}

const staffCallback = () => `${t.config.publicUrl}${staffPaths.loginCallback}`;

/** GET /oidc/auth for the staff client: the provider sends the browser to the staff sign-in page. */
async function startStaffAuthorization(start?: AuthorizationStart): Promise<AuthorizationStart> {
  const started = await startAuthorization(t, { client_id: STAFF_CLIENT_ID, redirect_uri: staffCallback() });
  if (start) started.jar.cookies.push(...start.jar.cookies.filter((c) => !started.jar.cookies.includes(c)));
  return { ...started, redirectUri: staffCallback() };
}

function post(start: AuthorizationStart, step: 'password' | 'second-factor', payload: object, remoteAddress?: string) {
  const url = `/staff/interaction/${start.uid}/${step}`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: start.jar.header(url) },
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function staffTokenFrom(start: AuthorizationStart, redirectTo: string) {
  const callback = await followToCallback(t, start, redirectTo);
  const token = await tokenRequest(t, {
    client_id: STAFF_CLIENT_ID,
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: start.redirectUri,
    code_verifier: start.verifier,
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json<{ access_token: string; refresh_token: string }>();
}

async function signInStaff(email: string, code = totpCode(SECRET, clock.now()), secret = PASSWORD) {
  const start = await startStaffAuthorization();
  const password = await post(start, 'password', { email, password: secret });
  expect(password.statusCode, password.body).toBe(200);
  const second = await post(start, 'second-factor', { code });
  return { start, second };
}

const getMe = (token: string) => t.app.inject({ method: 'GET', url: '/arc/staff/me', headers: bearer(token) });
const auditOf = (staffId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.staffId, staffId));

describe('staff sign-in: password, then TOTP', () => {
  it('signs a staff member in through the staff client; the token opens staff calls and no agent call', async () => {
    const staffId = await enrolledStaff({ role: 'operations', email: 'olga@provider.test' });
    const { start, second } = await signInStaff('Olga@Provider.test');
    expect(second.statusCode, second.body).toBe(200);
    const tokens = await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
    const me = await getMe(tokens.access_token);
    expect(me.json()).toEqual({
      id: staffId,
      email: 'olga@provider.test',
      name: null,
      role: 'operations',
      // no setting of her own: the business zone
      timeZone: t.config.businessTimeZone,
      timeZoneSetting: null,
      defaultTimeZone: t.config.businessTimeZone,
    });
    const agentCall = await t.app.inject({
      method: 'GET',
      url: '/arc/user/info',
      headers: bearer(tokens.access_token),
    });
    expect(agentCall.statusCode).toBe(401);
    const events = await auditOf(staffId);
    expect(events.map((e) => [e.action, e.detail])).toContainEqual(['staff.sign-in.succeeded', { factor: 'totp' }]);
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
    expect(row?.lastSignInAt).not.toBeNull();
  });

  it("takes the name before the provider's e-mail domain", async () => {
    await enrolledStaff({ email: 'nadia@provider.test' });
    const { second } = await signInStaff('nadia');
    expect(second.statusCode, second.body).toBe(200);
  });

  it('signs in the demo admin and ops (demo mode seeds them) with their password and secret', async () => {
    await seedDemoStaff({ db: t.database.db, emailDomain: 'provider.test', now: clock.now() });
    for (const [name, role] of [
      ['admin', 'admin'],
      ['ops', 'operations'],
    ] as const) {
      const { start, second } = await signInStaff(
        name,
        totpCode(DEMO_STAFF_TOTP_SECRET, clock.now()),
        DEMO_STAFF_PASSWORD,
      );
      expect(second.statusCode, second.body).toBe(200);
      const tokens = await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
      expect((await getMe(tokens.access_token)).json()).toMatchObject({ email: `${name}@provider.test`, role });
    }
  });

  it('lets a staff session lapse after 30 idle minutes: the refresh token lives 30 minutes', async () => {
    const staffId = await enrolledStaff();
    const { start, second } = await signInStaff(await emailOf(staffId));
    await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
    const refresh = await t.database.db
      .select()
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.type, 'RefreshToken'),
          sql`${oidcPayloads.payload}->>'accountId' = ${staffSubject(staffId)}`,
        ),
      );
    expect(refresh.length).toBeGreaterThan(0);
    for (const row of refresh) {
      expect(row.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);
    }
  });

  it('refuses a wrong code (401, audited), and a code used already', async () => {
    const staffId = await enrolledStaff();
    const email = await emailOf(staffId);
    const start = await startStaffAuthorization();
    await post(start, 'password', { email, password: PASSWORD });
    const wrong = await post(start, 'second-factor', {
      code: '000000' === totpCode(SECRET, clock.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(STAFF_MESSAGES.invalidCode);
    const code = totpCode(SECRET, clock.now());
    expect((await post(start, 'second-factor', { code })).statusCode).toBe(200);
    // the same code again, in a new sign-in within the same 30 seconds
    const again = await startStaffAuthorization();
    await post(again, 'password', { email, password: PASSWORD });
    expect((await post(again, 'second-factor', { code })).statusCode).toBe(401);
    const failures = (await auditOf(staffId)).filter((e) => e.action === 'staff.sign-in.failed');
    expect(failures.map((e) => (e.detail as { reason: string }).reason)).toEqual(['wrong-code', 'code-reused']);
  });

  it('asks for the password before the code (400)', async () => {
    const start = await startStaffAuthorization();
    const res = await post(start, 'second-factor', { code: totpCode(SECRET, clock.now()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAFF_MESSAGES.passwordFirst);
  });

  it('answers an unknown e-mail, a wrong password, a disabled or not enrolled account alike (401)', async () => {
    const disabled = await enrolledStaff();
    await t.database.db.update(staffAccounts).set({ status: 'disabled' }).where(eq(staffAccounts.id, disabled));
    const notEnrolled = await insertStaff(t);
    const enrolled = await enrolledStaff();
    const cases = [
      { email: 'nobody@provider.test', password: PASSWORD },
      { email: await emailOf(enrolled), password: 'Wrong-Password-1' },
      { email: await emailOf(disabled), password: PASSWORD },
      { email: await emailOf(notEnrolled), password: PASSWORD },
    ];
    for (const body of cases) {
      const res = await post(await startStaffAuthorization(), 'password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json().message).toBe(STAFF_MESSAGES.invalidCredentials);
    }
  });

  it('always asks a staff member to sign in, and never reuses an agent session for staff', async () => {
    const agent = await insertAgent(t.database.db, { password: 'Agent-Password-1' });
    const signedIn = await signInThroughProvider(t, { username: agent.username!, password: 'Agent-Password-1' });
    const start = await startStaffAuthorization(signedIn.start);
    expect(start.uid).toBeTruthy();
    const details = await t.app.inject({
      method: 'GET',
      url: `/staff/interaction/${start.uid}/details`,
      headers: { cookie: start.jar.header(`/staff/interaction/${start.uid}/details`) },
    });
    expect(details.json()).toEqual({ uid: start.uid, step: 'password' });
  });
});

describe("access tokens' lifetimes", () => {
  const lifetime = (token: string) => {
    const claims = decodeJwt(token);
    return claims.exp! - claims.iat!;
  };

  it("gives each client's access tokens its resource's lifetime: agents 15 minutes, staff STAFF_ACCESS_TOKEN_TTL (10), refreshed too", async () => {
    expect(STAFF_ACCESS_TOKEN_TTL).toBe(10 * 60);
    const agent = await insertAgent(t.database.db, { password: 'Agent-Password-1' });
    const agentTokens = await signInThroughProvider(t, { username: agent.username!, password: 'Agent-Password-1' });
    expect(lifetime(agentTokens.accessToken)).toBe(TTL.AccessToken);
    const agentRefresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: agentTokens.refreshToken,
    });
    expect(agentRefresh.statusCode, agentRefresh.body).toBe(200);
    expect(lifetime(agentRefresh.json<{ access_token: string }>().access_token)).toBe(TTL.AccessToken);
    expect(agentRefresh.json<{ expires_in: number }>().expires_in).toBe(TTL.AccessToken);

    const staffId = await enrolledStaff();
    const { start, second } = await signInStaff(await emailOf(staffId));
    const staffTokens = await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
    expect(lifetime(staffTokens.access_token)).toBe(STAFF_ACCESS_TOKEN_TTL);
    const staffRefresh = await tokenRequest(t, {
      client_id: STAFF_CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: staffTokens.refresh_token,
    });
    expect(staffRefresh.statusCode, staffRefresh.body).toBe(200);
    expect(lifetime(staffRefresh.json<{ access_token: string }>().access_token)).toBe(STAFF_ACCESS_TOKEN_TTL);
    expect(staffRefresh.json<{ expires_in: number }>().expires_in).toBe(STAFF_ACCESS_TOKEN_TTL);
  });
});

describe('staff sign-in throttle: a stranger is kept waiting, the owner is not', () => {
  let addressCounter = 0;
  /** an address of its own for each caller, so no test shares another's counters */
  const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  const wrong = (i: number) => ({ password: `Wrong-Password-${i}` });
  const wrongCode = () => (totpCode(SECRET, clock.now()) === '000000' ? '111111' : '000000');

  async function passwordFrom(address: string, email: string, password: string) {
    return post(await startStaffAuthorization(), 'password', { email, password }, address);
  }

  it("lets the owner in with the right password and code from another address while a stranger's 20 wrong passwords are refused (429)", async () => {
    const staffId = await enrolledStaff();
    const email = await emailOf(staffId);
    const stranger = freshAddress();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await passwordFrom(stranger, email, wrong(i).password)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, ...Array(16).fill(429)]);
    const refused = await passwordFrom(stranger, email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: STAFF_MESSAGES.locked });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const owner = freshAddress();
    const start = await startStaffAuthorization();
    const password = await post(start, 'password', { email, password: PASSWORD }, owner);
    expect(password.statusCode, password.body).toBe(200);
    const second = await post(start, 'second-factor', { code: totpCode(SECRET, clock.now()) }, owner);
    expect(second.statusCode, second.body).toBe(200);
    const tokens = await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
    expect((await getMe(tokens.access_token)).statusCode).toBe(200);
    expect((await passwordFrom(stranger, email, PASSWORD)).statusCode).toBe(429);
  });

  it('lets the owner in with a recovery code while strangers on many addresses hammer the account', async () => {
    const staffId = await enrolledStaff();
    const email = await emailOf(staffId);
    // 4 addresses × 5 wrong passwords: past the account's ceiling, each new address waits after one failure
    for (let a = 0; a < 4; a++) {
      const address = freshAddress();
      for (let i = 0; i < 5; i++) await passwordFrom(address, email, wrong(i).password);
    }
    const late = freshAddress();
    expect((await passwordFrom(late, email, 'Wrong-Password-x')).statusCode).toBe(429);
    expect((await passwordFrom(late, email, PASSWORD)).statusCode).toBe(429);

    const codes = ['abcde-fghjk'];
    await t.database.db.insert(staffRecoveryCodes).values({ staffId, codeHash: hashToken('abcdefghjk') });
    const owner = freshAddress();
    const start = await startStaffAuthorization();
    expect((await post(start, 'password', { email, password: PASSWORD }, owner)).statusCode).toBe(200);
    const second = await post(start, 'second-factor', { code: codes[0] }, owner);
    expect(second.statusCode, second.body).toBe(200);
  });

  it('counts a wrong code once: four wrong codes after the right password, and the fifth waits', async () => {
    const staffId = await enrolledStaff();
    const address = freshAddress();
    const start = await startStaffAuthorization();
    expect(
      (await post(start, 'password', { email: await emailOf(staffId), password: PASSWORD }, address)).statusCode,
    ).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await post(start, 'second-factor', { code: wrongCode() }, address)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
    // the right code from this address waits too: the wait is this address's, and a code is no password
    expect((await post(start, 'second-factor', { code: totpCode(SECRET, clock.now()) }, address)).statusCode).toBe(429);
  });

  it('makes the wait grow with each failure after one has passed: 1, 2, 4 minutes', async () => {
    const staffId = await enrolledStaff();
    const email = await emailOf(staffId);
    const address = freshAddress();
    for (let i = 0; i < 4; i++) await passwordFrom(address, email, wrong(i).password);
    const retryAfter = async () => {
      const res = await passwordFrom(address, email, 'Wrong-Password-x');
      expect(res.statusCode).toBe(429);
      return Number(res.headers['retry-after']);
    };
    expect(await retryAfter()).toBe(60);
    clock.advance(61_000);
    expect(await retryAfter()).toBe(120);
    clock.advance(121_000);
    expect(await retryAfter()).toBe(240);
    // while the wait is on, even the right password is not looked at
    expect((await passwordFrom(address, email, PASSWORD)).statusCode).toBe(429);
    clock.advance(241_000);
    expect((await passwordFrom(address, email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly as a real one', async () => {
    const email = await emailOf(await enrolledStaff());
    const [real, unknown] = [freshAddress(), freshAddress()];
    const answersOf = async (address: string, login: string) => {
      const answers = [];
      for (let i = 0; i < 7; i++) {
        const res = await passwordFrom(address, login, wrong(i).password);
        answers.push({ status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] });
      }
      return answers;
    };
    const realAnswers = await answersOf(real, email);
    expect(await answersOf(unknown, 'nobody-here@provider.test')).toEqual(realAnswers);
    expect(realAnswers.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429, 429]);
  });

  it('counts an IPv6 client by its /64: a new address of the same block waits too', async () => {
    const email = await emailOf(await enrolledStaff());
    for (let i = 0; i < 5; i++) await passwordFrom(`2001:db8:77:1::${i + 1}`, email, wrong(i).password);
    expect((await passwordFrom('2001:db8:77:1:ffff::9', email, PASSWORD)).statusCode).toBe(429);
    expect((await passwordFrom('2001:db8:77:2::1', email, PASSWORD)).statusCode).toBe(200);
  });

  it('makes one address wait after 20 failures over any staff e-mails', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await passwordFrom(address, `someone-${i}@provider.test`, 'Wrong-Password-1')).statusCode);
    }
    expect(statuses).toEqual([...Array(19).fill(401), 429, 429]);
    // a real account from that address waits too, and the same account from elsewhere does not
    const email = await emailOf(await enrolledStaff());
    expect((await passwordFrom(address, email, PASSWORD)).statusCode).toBe(429);
    expect((await passwordFrom(freshAddress(), email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('staff recovery codes and enrolment links', () => {
  it('enrols from a one-time link: QR code and secret, a code, then recovery codes good once each', async () => {
    const { staffId, token } = await createStaff(
      { db: t.database.db, clock, recordAudit },
      { email: 'Rita@Provider.test', role: 'content' },
    );
    const opened = await t.app.inject({ method: 'GET', url: `/arc/staff/enrolment/${token}` });
    expect(opened.statusCode).toBe(200);
    const enrolment = opened.json<{
      email: string;
      role: string;
      secret: string;
      otpauthUri: string;
      qrCode: string;
    }>();
    expect(enrolment).toMatchObject({ email: 'rita@provider.test', role: 'content' });
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);

    const url = `/arc/staff/enrolment/${token}`;
    const weak = await t.app.inject({ method: 'POST', url, payload: { password: 'password', code: '123456' } });
    expect(weak.statusCode).toBe(400);
    // no checklist on this side of the call: the refusal names the rules
    expect(weak.json().message).toBe(
      'The password needs at least 8 characters, one lower case letter, one capital letter and one number.',
    );
    const wrongCode = totpCode(enrolment.secret, clock.now()) === '123456' ? '654321' : '123456';
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { password: PASSWORD, code: wrongCode } })).statusCode,
    ).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url,
      payload: { password: PASSWORD, code: totpCode(enrolment.secret, clock.now()) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const { recoveryCodes } = done.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // the link is spent
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(410);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          payload: { password: PASSWORD, code: totpCode(enrolment.secret, clock.now()) },
        })
      ).statusCode,
    ).toBe(410);

    // a recovery code signs in once, in any case and with spaces
    clock.advance(30_000);
    const first = await signInStaff('rita', ` ${recoveryCodes[0]!.toUpperCase()} `);
    expect(first.second.statusCode, first.second.body).toBe(200);
    const reused = await signInStaff('rita', recoveryCodes[0]);
    expect(reused.second.statusCode).toBe(401);
    expect((await auditOf(staffId)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.created', 'staff.enrolled', 'staff.sign-in.succeeded', 'staff.sign-in.failed']),
    );
  });

  it('refuses an expired link (410)', async () => {
    const { token } = await createStaff(
      { db: t.database.db, clock, recordAudit },
      { email: 'late@provider.test', role: 'support' },
    );
    clock.advance(73 * 60 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: `/arc/staff/enrolment/${token}` })).statusCode).toBe(410);
    await expect(
      completeEnrolment({ db: t.database.db, clock, recordAudit }, token, {
        password: PASSWORD,
        code: '000000',
        ip: '127.0.0.1',
      }),
    ).rejects.toThrow(/expired/);
  });

  it('refuses a second account with the same e-mail', async () => {
    await createStaff({ db: t.database.db, clock, recordAudit }, { email: 'twice@provider.test', role: 'support' });
    await expect(
      createStaff({ db: t.database.db, clock, recordAudit }, { email: 'Twice@provider.test', role: 'admin' }),
    ).rejects.toThrow(/twice@provider.test/);
  });
});

describe('disabling and resetting a staff member', () => {
  it("ends the staff member's sessions at once: the next call is 401, and the sign-in answers as for nobody", async () => {
    const staffId = await enrolledStaff();
    const email = await emailOf(staffId);
    const { start, second } = await signInStaff(email);
    const tokens = await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
    expect((await getMe(tokens.access_token)).statusCode).toBe(200);
    const { endedGrants } = await disableStaff({ db: t.database.db, clock, recordAudit }, email);
    expect(endedGrants.length).toBeGreaterThan(0);
    await t.app.grantsEnded(endedGrants);
    await t.app.staffChanged(staffId);
    expect((await getMe(tokens.access_token)).statusCode).toBe(401);
    const refresh = await tokenRequest(t, {
      client_id: STAFF_CLIENT_ID,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
    const again = await post(await startStaffAuthorization(), 'password', { email, password: PASSWORD });
    expect(again.statusCode).toBe(401);
  });

  it('signs an enabled member in again with their existing password and second factor', async () => {
    const staffId = await enrolledStaff({ role: 'support' });
    const email = await emailOf(staffId);
    await disableStaff({ db: t.database.db, clock, recordAudit }, email);
    await t.app.staffChanged(staffId);
    expect((await post(await startStaffAuthorization(), 'password', { email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    await enableStaff({ db: t.database.db, clock, recordAudit }, staffId);
    await t.app.staffChanged(staffId);
    clock.advance(30_000);
    const { start, second } = await signInStaff(email);
    expect(second.statusCode, second.body).toBe(200);
    const tokens = await staffTokenFrom(start, second.json<{ redirectTo: string }>().redirectTo);
    expect((await getMe(tokens.access_token)).json()).toMatchObject({ id: staffId, role: 'support' });
  });

  it('removes the second factor and issues a new enrolment link', async () => {
    const staffId = await enrolledStaff();
    const email = await emailOf(staffId);
    const { token } = await resetStaffSecondFactor({ db: t.database.db, clock, recordAudit }, email);
    expect((await post(await startStaffAuthorization(), 'password', { email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: `/arc/staff/enrolment/${token}` })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
    expect(row).toMatchObject({ totpSecret: null, passwordHash: null, status: 'active' });
  });
});

describe('the staff sign-in calls refuse an agent sign-in', () => {
  it("answers 400 for the agents' client's interaction", async () => {
    const start = await startAuthorization(t);
    const url = `/staff/interaction/${start.uid}/password`;
    // the agents' interaction cookie is scoped to /interaction/<uid>: sent here anyway, it is still refused
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: start.jar.header(`/interaction/${start.uid}/login`) },
      payload: { email: 'x@provider.test', password: PASSWORD },
    });
    expect([400, 410]).toContain(res.statusCode);
  });

  it('the subject of a staff sign-in is in its own namespace', () => {
    expect(staffSubject('abc')).toBe('staff:abc');
  });
});

async function emailOf(staffId: string): Promise<string> {
  const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
  return row!.email;
}
