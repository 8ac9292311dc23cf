import { MESSAGES, PASSWORD_MESSAGES, PROFILE_MESSAGES } from '@arc/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLog, emailChanges } from '../../db/schema/index.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { insertAgent } from '../../seed/factories.ts';
import { addAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { linkIn, waitForMail } from '../../test/mail.ts';
import { signInThroughProvider, tokenRequest } from '../../test/sign-in.ts';
import { bearer } from '../../test/tokens.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newAgent() {
  const agent = await addAgent(t, { password: 'Old-Password-1' });
  return { agent, token: agent.token };
}

const auditActions = async (agentId: string) =>
  (
    await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.agentId, agentId))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

const storedAgent = async (id: string) => (await t.database.db.select().from(agents).where(eq(agents.id, id)))[0]!;

describe('POST /arc/user/create/password', () => {
  const change = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/arc/user/create/password',
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });

  it('answers 201 and the new password works from then on', async () => {
    const { agent, token } = await newAgent();
    const res = await change(token, { oldPassword: 'Old-Password-1', newPass1: 'Brand-New-Pass-7' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: PROFILE_MESSAGES.passwordUpdated });
    const stored = await storedAgent(agent.id);
    expect(await verifyPassword('Brand-New-Pass-7', stored.passwordHash!)).toBe(true);
    expect(await verifyPassword('Old-Password-1', stored.passwordHash!)).toBe(false);
    expect(stored.passwordChangedAt).not.toBeNull();
    expect(await auditActions(agent.id)).toEqual(['password.changed']);
  });

  it('ends every other session and earlier reset link, as a reset does, and keeps the session that changed it', async () => {
    const agent = await insertAgent(t.database.db, { password: 'Old-Password-1' });
    const credentials = { username: agent.username!, password: 'Old-Password-1' };
    const other = await signInThroughProvider(t, credentials);
    const current = await signInThroughProvider(t, credentials);
    const userInfo = (token: string) => t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(token) });
    expect((await userInfo(other.accessToken)).statusCode).toBe(200);

    // a forgot-password link asked for before the change
    await t.app.inject({
      method: 'POST',
      url: '/arc/forgotpassword',
      payload: { agentNum: agent.npn, action: 'forgotpassword' },
      remoteAddress: '10.9.0.1',
    });
    const [mail] = await waitForMail(t, agent.email);
    const resetToken = decodeURIComponent(linkIn(mail!, `${t.config.publicUrl}/forgotpass/`).split('/').pop()!);

    const res = await change(current.accessToken, { oldPassword: 'Old-Password-1', newPass1: 'Brand-New-Pass-7' });
    expect(res.statusCode).toBe(201);

    expect((await userInfo(other.accessToken)).statusCode).toBe(401);
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: other.refreshToken });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      headers: bearer(resetToken),
      payload: { password: 'Another-Pass-42' },
      remoteAddress: '10.9.0.2',
    });
    expect(reset.statusCode).toBe(410);
    expect(reset.json()).toMatchObject({ message: MESSAGES.linkExpired });

    // the session that made the change goes on, tokens and all
    expect((await userInfo(current.accessToken)).statusCode).toBe(200);
    const kept = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: current.refreshToken });
    expect(kept.statusCode).toBe(200);
  });

  it('answers 400 for a wrong current password and changes nothing', async () => {
    const { agent, token } = await newAgent();
    const res = await change(token, { oldPassword: 'Wrong-Password-1', newPass1: 'Brand-New-Pass-7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PROFILE_MESSAGES.wrongOldPassword);
    expect(await verifyPassword('Old-Password-1', (await storedAgent(agent.id)).passwordHash!)).toBe(true);
    expect(await auditActions(agent.id)).toEqual([]);
  });

  it("answers 400 with the spec's texts for a short current password and a new one that fails the criteria", async () => {
    const { token } = await newAgent();
    const short = await change(token, { oldPassword: 'Old-1', newPass1: 'Brand-New-Pass-7' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.oldPassword).toEqual([PROFILE_MESSAGES.oldPasswordLength]);
    for (const newPass1 of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Old-Password-1']) {
      const res = await change(token, { oldPassword: 'Old-Password-1', newPass1 });
      expect(res.statusCode, newPass1).toBe(400);
      expect(res.json().message, newPass1).toBe(PROFILE_MESSAGES.newPasswordCriteria);
    }
  });

  it("applies the account module's policy: a common password or one with the username is refused", async () => {
    const { agent, token } = await newAgent();
    const common = await change(token, { oldPassword: 'Old-Password-1', newPass1: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(PASSWORD_MESSAGES.common);
    const own = await change(token, { oldPassword: 'Old-Password-1', newPass1: `X1${agent.npn}y` });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(PASSWORD_MESSAGES.containsAccount);
  });

  it('answers 400 for a malformed body', async () => {
    const { token } = await newAgent();
    for (const payload of [{}, { oldPassword: 'Old-Password-1' }, { oldPassword: 1, newPass1: 2 }]) {
      expect((await change(token, payload)).statusCode).toBe(400);
    }
  });

  it('limits attempts per agent: the eleventh within 15 minutes is 429', async () => {
    const { token } = await newAgent();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await change(token, { oldPassword: 'Wrong-Password-1', newPass1: 'Brand-New-Pass-7' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /arc/user/updateinfo and POST /arc/user/email/confirm', () => {
  const update = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/arc/user/updateinfo',
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const confirm = (linkToken: string | null) =>
    t.app.inject({ method: 'POST', url: '/arc/user/email/confirm', headers: linkToken ? bearer(linkToken) : {} });
  const tokenOf = (link: string) => decodeURIComponent(link.split('/verify-email/')[1]!);

  it('changes the address only when the link sent to the new address is opened, once', async () => {
    const { agent, token } = await newAgent();
    const res = await update(token, {
      agent: { email: 'New.Address@Agents.example' },
      password: 'Old-Password-1',
      subbed: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PROFILE_MESSAGES.checkEmail });
    expect((await storedAgent(agent.id)).email).toBe(agent.email);

    const [mail] = await waitForMail(t, 'New.Address@Agents.example');
    const [notice] = await waitForMail(t, agent.email);
    // the typed address reads as typed, but as inert text: no mail client links it (platform/inert-text.ts)
    expect(notice!.text.replaceAll('\u200B', '')).toContain('New.Address@Agents.example');
    expect(notice!.text).not.toContain('New.Address@Agents.example');
    expect(notice!.html).not.toContain('New.Address@Agents.example');
    const link = linkIn(mail!, 'http://localhost:8080/verify-email/');
    // until then user info shows the current address and the pending one apart
    const pending = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(token) });
    expect(pending.json().agent).toMatchObject({ email: agent.email, pendingEmail: 'New.Address@Agents.example' });

    const confirmed = await confirm(tokenOf(link));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: PROFILE_MESSAGES.emailChanged, email: 'New.Address@Agents.example' });
    expect((await storedAgent(agent.id)).email).toBe('New.Address@Agents.example');
    const info = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(token) });
    expect(info.json().agent).toMatchObject({ email: 'New.Address@Agents.example', pendingEmail: null });

    expect(await auditActions(agent.id)).toEqual(['email.change-requested', 'email.changed']);
    // the old address is told, with a way to undo
    const [changedNotice] = await waitForMail(t, agent.email, { count: 2 });
    expect(changedNotice!.subject).toBe('Your ARC e-mail address was changed');
    expect(changedNotice!.text).toContain('valid for 7 days');

    const reused = await confirm(tokenOf(link));
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toBe(MESSAGES.linkExpired);
  });

  it('answers 410 for an expired link, an unknown one, none, and a link superseded by a newer request', async () => {
    const { agent, token } = await newAgent();
    await update(token, { agent: { email: 'first@agents.example' }, password: 'Old-Password-1' });
    await update(token, { agent: { email: 'second@agents.example' }, password: 'Old-Password-1' });
    const first = tokenOf(linkIn((await waitForMail(t, 'first@agents.example'))[0]!, 'http://'));
    const second = tokenOf(linkIn((await waitForMail(t, 'second@agents.example'))[0]!, 'http://'));
    expect((await confirm(first)).statusCode).toBe(410);
    expect((await confirm('not-a-real-token')).statusCode).toBe(410);
    expect((await confirm(null)).statusCode).toBe(410);

    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.agentId, agent.id));
    const expired = await confirm(second);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(MESSAGES.linkExpired);
    expect((await storedAgent(agent.id)).email).toBe(agent.email);
  });

  it('lets only one of two concurrent uses of a link through', async () => {
    const { token } = await newAgent();
    await update(token, { agent: { email: 'race@agents.example' }, password: 'Old-Password-1' });
    const link = tokenOf(linkIn((await waitForMail(t, 'race@agents.example'))[0]!, 'http://'));
    const statuses = (await Promise.all([confirm(link), confirm(link)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 410]);
  });

  it('answers 400 for a missing, invalid or unchanged address and a malformed body', async () => {
    const { token } = await newAgent();
    for (const payload of [
      {},
      { agent: {} },
      { agent: { email: '' } },
      { agent: { email: 'not-an-address' } },
      { agent: { email: `${'a'.repeat(250)}@x.example` } },
    ]) {
      const res = await update(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (payload.agent?.email === '') {
        expect(res.json().fieldErrors['agent.email'] ?? res.json().fieldErrors.agent).toBeDefined();
      }
    }
    // refused requests count against the call's limit (five an hour per agent): the sixth is a 429
    expect((await update(token, { agent: { email: '' } })).statusCode).toBe(429);
    const { agent, token: other } = await newAgent();
    const same = await update(other, { agent: { email: agent.email.toUpperCase() }, password: 'Old-Password-1' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(PROFILE_MESSAGES.emailUnchanged);
  });

  it('needs the current password: none or a wrong one is a 400 on the password field and sends nothing', async () => {
    const { agent, token } = await newAgent();
    const missing = await update(token, { agent: { email: 'taken@agents.example' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.password).toEqual([PROFILE_MESSAGES.emailPasswordRequired]);
    const wrong = await update(token, { agent: { email: 'taken@agents.example' }, password: 'Not-The-Password-9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: PROFILE_MESSAGES.wrongOldPassword,
      fieldErrors: { password: [PROFILE_MESSAGES.wrongOldPassword] },
    });
    expect(await t.database.db.select().from(emailChanges).where(eq(emailChanges.agentId, agent.id))).toEqual([]);
    // the guesses count against the call's limit: five an hour per agent
    for (let i = 0; i < 4; i++)
      await update(token, { agent: { email: 'taken@agents.example' }, password: `Guess-${i}-aaa` });
    const limited = await update(token, { agent: { email: 'taken@agents.example' }, password: 'Old-Password-1' });
    expect(limited.statusCode).toBe(429);
  });

  it('lets the old address undo a completed change within 7 days: the address comes back and every session ends', async () => {
    const agent = await insertAgent(t.database.db, { password: 'Old-Password-1' });
    const session = await signInThroughProvider(t, { username: agent.username!, password: 'Old-Password-1' });
    const requested = await update(session.accessToken, {
      agent: { email: 'thief@attacker.example' },
      password: 'Old-Password-1',
    });
    expect(requested.statusCode).toBe(200);
    const link = tokenOf(linkIn((await waitForMail(t, 'thief@attacker.example'))[0]!, 'http://'));
    expect((await confirm(link)).statusCode).toBe(200);

    const [notice] = await waitForMail(t, agent.email, { count: 2 });
    const undo = tokenOf(linkIn(notice!, 'http://localhost:8080/verify-email/'));
    // a further change asked for by whoever holds the account does not void the undo link
    await update(session.accessToken, { agent: { email: 'thief2@attacker.example' }, password: 'Old-Password-1' });
    const undone = await confirm(undo);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: PROFILE_MESSAGES.emailRestored, email: agent.email, restored: true });
    expect((await storedAgent(agent.id)).email).toBe(agent.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(session.accessToken) })).statusCode,
    ).toBe(401);
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: session.refreshToken });
    expect(refreshed.statusCode).toBe(400);
    // the thief's pending change is spent, and the undo link works once
    const pendingLink = tokenOf(linkIn((await waitForMail(t, 'thief2@attacker.example'))[0]!, 'http://'));
    expect((await confirm(pendingLink)).statusCode).toBe(410);
    expect((await confirm(undo)).statusCode).toBe(410);
    expect(await auditActions(agent.id)).toContain('email.restored');
  });

  it('refuses an undo link older than 7 days', async () => {
    const { agent, token } = await newAgent();
    await update(token, { agent: { email: 'later@agents.example' }, password: 'Old-Password-1' });
    const link = tokenOf(linkIn((await waitForMail(t, 'later@agents.example'))[0]!, 'http://'));
    await confirm(link);
    const [notice] = await waitForMail(t, agent.email, { count: 2 });
    const undo = tokenOf(linkIn(notice!, 'http://localhost:8080/verify-email/'));
    const [row] = await t.database.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.agentId, agent.id))
      .orderBy(desc(emailChanges.createdAt));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.agentId, agent.id));
    expect((await confirm(undo)).statusCode).toBe(410);
    expect((await storedAgent(agent.id)).email).toBe('later@agents.example');
  });
});
