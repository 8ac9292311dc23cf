import { MESSAGES } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../platform/clock.ts';
import { insertAgent } from '../seed/factories.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { linkIn, waitForMail } from '../test/mail.ts';
import { followToCallback, startAuthorization, submitLogin } from '../test/sign-in.ts';
import { LOCK_AFTER_FAILURES, lockDurationMs } from './throttle.ts';

const PASSWORD = 'Sturdy-Pass-42';
const clock = fixedClock('2026-11-22T15:00:00Z');
let t: TestApp;
let ipCounter = 0;
/** each test signs in from its own address so the per-IP limit of the login route stays out of the way */
const freshIp = () => `10.1.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

async function attempt(credentials: { username: string; password: string }, remoteAddress = freshIp()) {
  const start = await startAuthorization(t);
  const res = await submitLogin(t, start, credentials, { remoteAddress });
  return { start, res };
}

describe('POST /interaction/:uid/login', () => {
  it('answers where to go next and completes the sign-in', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    const { start, res } = await attempt({ username: agent.username!, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { redirectTo } = res.json<{ redirectTo: string }>();
    expect(new URL(redirectTo).pathname).toBe(`/oidc/auth/${start.uid}`);
    const callback = await followToCallback(t, start, redirectTo);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('answers 401 with one message for a wrong password, an unknown user and an unregistered agent', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    const unregistered = await insertAgent(t.database.db, { password: null });
    const answers = [
      await attempt({ username: agent.username!, password: 'Wrong-Pass-42' }),
      await attempt({ username: 'nobody-like-this', password: PASSWORD }),
      await attempt({ username: unregistered.npn, password: PASSWORD }),
    ].map(({ res }) => ({ status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] }));
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials },
        cache: 'no-store',
      });
    }
  });

  it('answers an agent whose status is empty or inactive exactly as an unknown name, even with the right password', async () => {
    const noStatus = await insertAgent(t.database.db, { password: PASSWORD, status: null });
    const inactive = await insertAgent(t.database.db, { password: PASSWORD, status: 'Inactive' });
    const answers = [
      await attempt({ username: noStatus.username!, password: PASSWORD }),
      await attempt({ username: inactive.npn, password: PASSWORD }),
      await attempt({ username: 'nobody-like-this-either', password: PASSWORD }),
    ].map(({ res }) => ({ status: res.statusCode, body: res.json() }));
    expect(answers).toEqual(
      Array(3).fill({ status: 401, body: { code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials } }),
    );
  });

  it('answers 400 for a malformed body', async () => {
    const start = await startAuthorization(t);
    const url = `/interaction/${start.uid}/login`;
    const headers = { cookie: start.jar.header(url) };
    const missing = await t.app.inject({ method: 'POST', url, headers, payload: { username: 'someone' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const blank = await t.app.inject({ method: 'POST', url, headers, payload: { username: '  ', password: 'x' } });
    expect(blank.statusCode).toBe(400);
    const tooLong = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { username: 'someone', password: 'x'.repeat(129) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers 410 when the interaction has expired or its cookie is missing', async () => {
    const start = await startAuthorization(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/interaction/${start.uid}/login`,
      payload: { username: 'someone', password: PASSWORD },
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: MESSAGES.sessionExpired });
  });
});

describe('sign-in lockout', () => {
  it('grows the lock from 1 minute and locks 15 minutes or more before the 10th failure', () => {
    expect([4, 5, 6, 7, 8, 9].map((n) => lockDurationMs(n) / 60_000)).toEqual([0, 1, 2, 4, 8, 16]);
    const firstLongLock = [...Array(20).keys()].find((n) => lockDurationMs(n) >= 15 * 60_000);
    expect(firstLongLock).toBeLessThanOrEqual(10);
    expect(lockDurationMs(50)).toBe(60 * 60_000);
  });

  it('locks an account after 5 failures, even for the right password, then releases it', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) {
      // username and NPN count against the same account
      const username = i % 2 === 0 ? agent.npn : agent.username!;
      const { res } = await attempt({ username, password: `Wrong-Pass-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const fifth = await attempt({ username: agent.npn, password: 'Wrong-Pass-5' });
    expect(fifth.res.statusCode).toBe(423);
    expect(fifth.res.json()).toEqual({ code: 'LOCKED', message: MESSAGES.accountLocked });

    const rightButLocked = await attempt({ username: agent.username!, password: PASSWORD });
    expect(rightButLocked.res.statusCode).toBe(423);

    clock.advance(61_000);
    const released = await attempt({ username: agent.username!, password: PASSWORD });
    expect(released.res.statusCode).toBe(200);

    // a success resets the counter: four more failures are not yet a lock
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) {
      const { res } = await attempt({ username: agent.username!, password: `Wrong-Pass-${i}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it('checks at most 4 wrong passwords of a parallel burst, then refuses the right one: check and count are one step', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    const starts = [];
    for (let i = 0; i < 12; i++) starts.push(await startAuthorization(t));
    // all wrong: a right password inside the burst would sign in and clear the count, as any success does
    const guesses = starts.map((start, i) =>
      submitLogin(t, start, { username: agent.username!, password: `Wrong-Pass-${i}` }, { remoteAddress: freshIp() }),
    );
    const statuses = (await Promise.all(guesses)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOCK_AFTER_FAILURES - 1);
    expect(statuses.filter((status) => status === 423).length).toBe(
      statuses.length - statuses.filter((status) => status === 401).length,
    );
    expect((await attempt({ username: agent.username!, password: PASSWORD })).res.statusCode).toBe(423);
  });

  it('lets the owner in at once with a reset link while a stranger keeps the name locked', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    for (let i = 1; i <= LOCK_AFTER_FAILURES + 3; i++) {
      await attempt({ username: agent.username!, password: `Wrong-Pass-${i}` });
    }
    expect((await attempt({ username: agent.username!, password: PASSWORD })).res.statusCode).toBe(423);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/arc/forgotpassword',
      payload: { agentNum: agent.npn, action: 'forgotpassword' },
      remoteAddress: freshIp(),
    });
    expect(ask.statusCode).toBe(200);
    const [mail] = await waitForMail(t, agent.email);
    const token = decodeURIComponent(linkIn(mail!, `${t.config.publicUrl}/forgotpass/`).split('/').pop()!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: 'Unlocked-Again-58' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt({ username: agent.username!, password: 'Unlocked-Again-58' })).res.statusCode).toBe(200);
  });

  it('answers an unknown username exactly as a real one', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    const real: { status: number; body: unknown }[] = [];
    const unknown: { status: number; body: unknown }[] = [];
    for (let i = 0; i < LOCK_AFTER_FAILURES + 1; i++) {
      const a = await attempt({ username: agent.username!, password: 'Wrong-Pass-1' });
      real.push({ status: a.res.statusCode, body: a.res.json() });
      const b = await attempt({ username: 'Ghost.User', password: 'Wrong-Pass-1' });
      unknown.push({ status: b.res.statusCode, body: b.res.json() });
    }
    expect(unknown).toEqual(real);
    expect(real.map((r) => r.status)).toEqual([401, 401, 401, 401, 423, 423]);
    // the unknown name is counted whatever its letter case
    const shouted = await attempt({ username: 'GHOST.USER', password: 'Wrong-Pass-1' });
    expect(shouted.res.statusCode).toBe(423);
  });

  it('locks longer after the next failure once a lock has passed', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) await attempt({ username: agent.npn, password: 'Wrong-Pass-1' });
    clock.advance(61_000);
    const sixth = await attempt({ username: agent.npn, password: 'Wrong-Pass-1' });
    expect(sixth.res.statusCode).toBe(423);
    clock.advance(61_000);
    expect((await attempt({ username: agent.npn, password: PASSWORD })).res.statusCode).toBe(423);
    clock.advance(60_000);
    expect((await attempt({ username: agent.npn, password: PASSWORD })).res.statusCode).toBe(200);
  });
});

describe('login rate limit', () => {
  /** `count` password posts from one new address; no interaction cookie, so each is refused cheaply, yet counted */
  async function loginAttempts(app: TestApp, count: number) {
    const start = await startAuthorization(app);
    const remoteAddress = freshIp();
    const responses = [];
    for (let i = 0; i < count; i++) {
      responses.push(
        await app.app.inject({
          method: 'POST',
          url: `/interaction/${start.uid}/login`,
          payload: { username: 'someone', password: 'x' },
          remoteAddress,
        }),
      );
    }
    return responses;
  }

  it('answers 429 after 30 attempts a minute from one address', async () => {
    const responses = await loginAttempts(t, 31);
    const statuses = responses.map((res) => res.statusCode);
    expect(responses[30]!.json()).toMatchObject({ message: MESSAGES.tooManyRequests });
    expect(statuses.slice(0, 30).every((s) => s === 410)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('takes its limit from SIGN_INS_PER_MINUTE (an office behind one address)', async () => {
    const office = await createTestApp({ clock, env: { SIGN_INS_PER_MINUTE: '3' } });
    try {
      const statuses = (await loginAttempts(office, 4)).map((res) => res.statusCode);
      expect(statuses).toEqual([410, 410, 410, 429]);
    } finally {
      await office.close();
    }
  });
});
