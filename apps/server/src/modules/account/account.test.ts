import { MESSAGES, PASSWORD_MESSAGES } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionTokens, agents, outbox, signInThrottle } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashToken } from '../../platform/tokens.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { allMail, linkIn, waitForMail } from '../../test/mail.ts';
import { signInThroughProvider, tokenRequest } from '../../test/sign-in.ts';
import { bearer } from '../../test/tokens.ts';

const clock = fixedClock(new Date());
let t: TestApp;
let ipCounter = 0;
/** the register/forgot routes allow 10 calls a minute per address; most tests use their own */
const freshIp = () => `10.2.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

function requestLink(kind: 'register' | 'forgot', agentNum: string, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: kind === 'register' ? '/arc/registeraccount' : '/arc/forgotpassword',
    payload: { agentNum, action: kind === 'register' ? 'registeraccount' : 'forgotpassword' },
    remoteAddress,
  });
}

const tokenOf = (link: string) => decodeURIComponent(link.split('/').pop()!);

const linkStatus = (token: string) =>
  t.app.inject({ method: 'GET', url: '/arc/register/link', headers: bearer(token), remoteAddress: freshIp() });

const setPassword = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/register/password',
    headers: bearer(token),
    payload: { password },
    remoteAddress: freshIp(),
  });

/** Asks for a link for this agent and returns the token from the e-mail. */
async function linkFor(kind: 'register' | 'forgot', agent: { npn: string; email: string }, prefix: string) {
  const before = (await allMail(t)).filter((m) => m.to === agent.email).length;
  const res = await requestLink(kind, agent.npn);
  expect(res.statusCode).toBe(200);
  const [mail] = await waitForMail(t, agent.email, { count: before + 1 });
  return { mail: mail!, token: tokenOf(linkIn(mail!, `${t.config.publicUrl}/${prefix}/`)) };
}

describe('POST /arc/registeraccount', () => {
  it('mails a working registration link to a known NPN without a password', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const res = await requestLink('register', agent.npn);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.registerSuccess });

    const [mail] = await waitForMail(t, agent.email);
    expect(mail).toMatchObject({ to: agent.email, subject: 'Finish your ARC registration' });
    const link = linkIn(mail!, `${t.config.publicUrl}/register/`);
    expect(mail!.text).toContain('24 hours');
    expect(mail!.html).toContain(`href="${link}"`);
    const token = tokenOf(link);

    // only the hash of the token is stored
    const [stored] = await t.database.db.select().from(actionTokens).where(eq(actionTokens.agentId, agent.id));
    expect(stored).toMatchObject({ tokenHash: hashToken(token), purpose: 'register', usedAt: null });
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
    expect(JSON.stringify(stored)).not.toContain(token);

    const status = await linkStatus(token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ purpose: 'register', username: agent.npn, npn: agent.npn });

    const created = await setPassword(token, 'Harbor-Lantern-58');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ status: 'Success', username: agent.npn });
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row!.username).toBe(agent.npn);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const tokens = await signInThroughProvider(t, { username: agent.npn, password: 'Harbor-Lantern-58' });
    expect(tokens.accessToken).toEqual(expect.any(String));
  });

  it('names the NPN once when it is what the agent signs in with', async () => {
    const unregistered = await insertAgent(t.database.db, { password: null, username: null });
    const { mail: registerMail } = await linkFor('register', unregistered, 'register');
    expect(registerMail.text).toContain(`Afterwards you can sign in with your NPN, ${unregistered.npn}.`);
    expect(registerMail.text).not.toContain(`username ${unregistered.npn}`);

    const npnOnly = await insertAgent(t.database.db, { password: 'Original-Pass-1', username: null });
    await t.database.db.update(agents).set({ username: npnOnly.npn }).where(eq(agents.id, npnOnly.id));
    const { mail: resetMail } = await linkFor('forgot', npnOnly, 'forgotpass');
    expect(resetMail.text).toContain(`You sign in with your NPN, ${npnOnly.npn}.`);
    expect(resetMail.text).not.toContain(`username is ${npnOnly.npn}`);

    const named = await insertAgent(t.database.db, { password: 'Original-Pass-1' });
    const { mail: namedMail } = await linkFor('forgot', named, 'forgotpass');
    expect(namedMail.text).toContain(`Your username is ${named.username}; you can also sign in with your NPN.`);
  });

  it('answers an unknown NPN the same way and sends nothing', async () => {
    const known = await insertAgent(t.database.db, { password: null });
    const before = (await allMail(t)).length;
    const unknown = await requestLink('register', '99999999');
    const real = await requestLink('register', known.npn);
    expect(unknown.statusCode).toBe(real.statusCode);
    expect(unknown.json()).toEqual(real.json());
    expect(unknown.headers['content-length']).toBe(real.headers['content-length']);
    await waitForMail(t, known.email);
    const after = await allMail(t);
    expect(after.length).toBe(before + 1);
    expect(after[0]!.to).toBe(known.email);
  });

  it('tells a registered agent the account exists and sends a reset link instead', async () => {
    const agent = await insertAgent(t.database.db, { password: 'Original-Pass-1' });
    const { mail, token } = await linkFor('register', agent, 'forgotpass');
    expect(mail.subject).toBe('Your ARC account already exists');
    expect(mail.text).toContain(agent.username!);
    const status = await linkStatus(token);
    expect(status.json()).toEqual({ purpose: 'forgot', username: agent.username, npn: agent.npn });
  });

  it('escapes what it puts in the HTML part', async () => {
    const agent = await insertAgent(t.database.db, { password: null, firstName: '<b>Eve</b>' });
    const { mail } = await linkFor('register', agent, 'register');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it('answers 400 for a malformed body', async () => {
    const bodies = [
      {},
      { agentNum: '', action: 'registeraccount' },
      { agentNum: 'abc', action: 'registeraccount' },
      { agentNum: '17000001' },
      { agentNum: '17000001', action: 'forgotpassword' },
      { agentNum: 17000001, action: 'registeraccount' },
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/registeraccount',
        payload,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

describe('POST /arc/forgotpassword', () => {
  it('mails a reset link; the new password replaces the old one and ends other sessions', async () => {
    const agent = await insertAgent(t.database.db, { password: 'Original-Pass-1' });
    const session = await signInThroughProvider(t, { username: agent.username!, password: 'Original-Pass-1' });

    const res = await requestLink('forgot', agent.npn);
    expect(res.json()).toEqual({ message: MESSAGES.forgotSuccess });
    const [mail] = await waitForMail(t, agent.email);
    expect(mail!.subject).toBe('Reset your ARC password');
    const token = tokenOf(linkIn(mail!, `${t.config.publicUrl}/forgotpass/`));
    expect((await linkStatus(token)).json()).toEqual({ purpose: 'forgot', username: agent.username, npn: agent.npn });

    // a lock from failed sign-ins is lifted by the reset
    await t.database.db
      .insert(signInThrottle)
      .values({ key: `agent:${agent.id}`, failures: 7, lockedUntil: new Date(clock.now().getTime() + 3_600_000) });

    const created = await setPassword(token, 'Fresh-Orchard-73');
    expect(created.json()).toEqual({ status: 'Success', username: agent.username });
    expect(
      await t.database.db
        .select()
        .from(signInThrottle)
        .where(eq(signInThrottle.key, `agent:${agent.id}`)),
    ).toEqual([]);

    await expect(signInThroughProvider(t, { username: agent.username!, password: 'Original-Pass-1' })).rejects.toThrow(
      /401/,
    );
    await expect(
      signInThroughProvider(t, { username: agent.username!, password: 'Fresh-Orchard-73' }),
    ).resolves.toHaveProperty('accessToken');
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: session.refreshToken });
    expect(refresh.statusCode).toBe(400);
  });

  it('sends a registration link to an agent who has not registered yet', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const { mail, token } = await linkFor('forgot', agent, 'register');
    expect(mail.subject).toBe('Finish your ARC registration');
    expect((await linkStatus(token)).json()).toEqual({ purpose: 'register', username: agent.npn, npn: agent.npn });
  });

  it('answers an unknown NPN the same way', async () => {
    const res = await requestLink('forgot', '88888888');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.forgotSuccess });
  });
});

describe('GET /arc/register/link', () => {
  it('answers 410 for a missing, unknown or malformed token', async () => {
    for (const headers of [{}, bearer('not-a-real-token'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/arc/register/link', headers });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'GONE', message: MESSAGES.linkExpired });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('POST /arc/register/password', () => {
  it('applies the password rules on the server and keeps the link usable after a refusal', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const { token } = await linkFor('register', agent, 'register');
    const refusals: [string, string][] = [
      ['Sh0rt', MESSAGES.passwordCriteria],
      ['alllowercase1', MESSAGES.passwordCriteria],
      ['ALLUPPERCASE1', MESSAGES.passwordCriteria],
      ['NoDigitsHere', MESSAGES.passwordCriteria],
      ['Password1', PASSWORD_MESSAGES.common],
      ['Welcome1', PASSWORD_MESSAGES.common],
      ['Sunshine2026!', PASSWORD_MESSAGES.common],
      ['P@ssw0rd99', PASSWORD_MESSAGES.common],
      [`Agent-${agent.npn}-x`, PASSWORD_MESSAGES.containsAccount],
    ];
    for (const [password, message] of refusals) {
      const res = await setPassword(token, password);
      expect({ password, status: res.statusCode, body: res.json() }).toEqual({
        password,
        status: 400,
        body: { code: 'BAD_REQUEST', message },
      });
    }
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row!.passwordHash).toBeNull();

    // 64 characters and more are fine, and nothing is truncated
    const long = `Long-${'x'.repeat(100)}-Pass9`;
    expect((await setPassword(token, long)).statusCode).toBe(200);
    await expect(signInThroughProvider(t, { username: agent.npn, password: long.slice(0, 72) })).rejects.toThrow(/401/);
    await expect(signInThroughProvider(t, { username: agent.npn, password: long })).resolves.toHaveProperty(
      'accessToken',
    );
  });

  it('answers 410 when the link is used again', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const { token } = await linkFor('register', agent, 'register');
    expect((await setPassword(token, 'Granite-Meadow-31')).statusCode).toBe(200);
    const again = await setPassword(token, 'Another-Meadow-32');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ message: MESSAGES.linkExpired });
    expect((await linkStatus(token)).statusCode).toBe(410);
  });

  it('answers 410 once the link is older than 24 hours', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const { token } = await linkFor('register', agent, 'register');
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await linkStatus(token)).statusCode).toBe(200);
    clock.advance(2000);
    expect((await linkStatus(token)).statusCode).toBe(410);
    const res = await setPassword(token, 'Granite-Meadow-31');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: MESSAGES.linkExpired });
  });

  it('lets only one of two concurrent uses of a link succeed', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const { token } = await linkFor('register', agent, 'register');
    const answers = await Promise.all([setPassword(token, 'Cobalt-Harbor-11'), setPassword(token, 'Amber-Harbor-22')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
  });

  it('spends the agent’s other outstanding links', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const first = await linkFor('register', agent, 'register');
    const second = await linkFor('forgot', agent, 'register');
    expect((await setPassword(second.token, 'Silver-Canyon-45')).statusCode).toBe(200);
    expect((await setPassword(first.token, 'Silver-Canyon-46')).statusCode).toBe(410);
  });

  it('answers 400 for a malformed body and 410 without a link token', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const { token } = await linkFor('register', agent, 'register');
    for (const payload of [{}, { password: 12345678 }, { password: '' }, { password: 'x'.repeat(129) }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/register/password',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      payload: { password: 'Granite-Meadow-31' },
    });
    expect(noToken.statusCode).toBe(410);
  });
});

describe('POST /arc/password/common', () => {
  it('tells the live checklist whether a password is on the common list, and is rate-limited per address', async () => {
    const ask = (password: string, remoteAddress = '10.2.9.1') =>
      t.app.inject({ method: 'POST', url: '/arc/password/common', payload: { password }, remoteAddress });
    expect((await ask('1qaz@WSX')).json()).toEqual({ isCommon: true });
    expect((await ask('Harbor-Agent-2026!')).json()).toEqual({ isCommon: false });
    expect((await ask('')).statusCode).toBe(400);
    for (let i = 0; i < 60; i++) await ask(`Candidate-${i}-x`, '10.2.9.2');
    expect((await ask('Candidate-x', '10.2.9.2')).statusCode).toBe(429);
  });
});

describe('rate limits', () => {
  it('answers 429 after 5 requests an hour for one NPN, known or not, from any address', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    for (const npn of [agent.npn, '77777777']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await requestLink(i % 2 === 0 ? 'register' : 'forgot', npn);
        statuses.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    await waitForMail(t, agent.email, { count: 5 });
  });

  it('answers 429 after 10 requests a minute from one address', async () => {
    const remoteAddress = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await requestLink('register', `6600000${i}`, remoteAddress)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('outbox', () => {
  it('keeps every message sent', async () => {
    const rows = await t.database.db.select().from(outbox);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.sentAt === null && r.error === null)).toBe(true);
  });
});
