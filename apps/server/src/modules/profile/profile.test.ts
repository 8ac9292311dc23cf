import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema/index.ts';
import { insertAgent, insertFile, insertTerms } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: TestApp;
let agent: Awaited<ReturnType<typeof insertAgent>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  agent = await insertAgent(t.database.db, { memberSupportTier: 'Unlimited', hasSunfireContracts: true });
  token = await mintAccessToken(t, { agentId: agent.id });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /arc/user/info', () => {
  it("answers the signed-in agent's User fields", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { agent: user } = res.json();
    expect(user).toMatchObject({
      id: agent.id,
      npn: agent.npn,
      username: agent.username,
      email: agent.email,
      firstName: agent.firstName,
      lastName: agent.lastName,
      mobilePhone: agent.mobilePhone,
      ActID: agent.actId,
      actData: { FULLNAME: `${agent.firstName} ${agent.lastName}` },
      status: 'Active',
      memberSupportTier: 'Unlimited',
      hasSunfireContracts: true,
      hasMyHealthPlanContracts: false,
      activeAnalytics: false,
      mediMinute: false,
      isTestUser: false,
      avatar: null,
    });
    expect(user.tos).toMatchObject({ id: expect.any(Number), document: 'Terms of Service' });
    expect(new Date(user.tos.stamp).getTime()).not.toBeNaN();
  });

  it('answers an avatar URL once the agent has a picture', async () => {
    const file = await insertFile(t.database.db, t.app.deps.storage, {
      name: 'a.png',
      contentType: 'image/png',
      body: 'png',
    });
    const pictured = await insertAgent(t.database.db, { avatarFileId: file.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/arc/user/info',
      headers: bearer(await mintAccessToken(t, { agentId: pictured.id })),
    });
    expect(res.json().agent.avatar).toMatch(/^\/arc\/.+/);
  });

  it('answers 401 "Missing token" without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Missing token' });
  });

  it('answers 401 for an expired token, another audience, another issuer or an ID token type', async () => {
    for (const options of [
      { expiresIn: -10 },
      { audience: 'https://elsewhere.example/api' },
      { issuer: 'https://evil.example/oidc' },
      { typ: 'JWT' },
    ]) {
      const bad = await mintAccessToken(t, { agentId: agent.id, ...options });
      const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(bad) });
      expect(res.statusCode, JSON.stringify(options)).toBe(401);
    }
  });

  it('answers 401 for a token that is not a JWT', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer('not-a-token') });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 when the agent of a valid token no longer exists', async () => {
    const ghost = await mintAccessToken(t, { agentId: 'agt_gone' });
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(ghost) });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /arc/agent/tosagreed', () => {
  const accept = (auth: string, tosid: unknown) =>
    t.app.inject({ method: 'POST', url: '/arc/agent/tosagreed', headers: bearer(auth), payload: { tosid } });
  const info = async (auth: string) =>
    (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(auth) })).json().agent;

  it('records acceptance of the current version once; a newer version empties every stamp again', async () => {
    const newcomer = await insertAgent(t.database.db, { acceptTerms: false });
    const newcomerToken = await mintAccessToken(t, { agentId: newcomer.id });
    const before = await info(newcomerToken);
    expect(before.tos.stamp).toBeNull();

    const accepted = await accept(newcomerToken, before.tos.id);
    expect(accepted.statusCode).toBe(200);
    const { stamp } = accepted.json().tos;
    expect(new Date(stamp).getTime()).not.toBeNaN();
    expect((await info(newcomerToken)).tos.stamp).toBe(stamp);

    const repeat = await accept(newcomerToken, before.tos.id);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().tos.stamp).toBe(stamp);

    const newer = await insertTerms(t.database.db, { title: 'Terms of Service v2', body: '<p>Version 2</p>' });
    expect((await info(newcomerToken)).tos).toEqual({ id: newer.id, document: 'Terms of Service v2', stamp: null });
    const text = await t.app.inject({ method: 'GET', url: `/arc/terms/${newer.id}`, headers: bearer(newcomerToken) });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ id: newer.id, title: 'Terms of Service v2', body: '<p>Version 2</p>' });
    expect((await info(token)).tos).toMatchObject({ id: newer.id, stamp: null });

    const stale = await accept(newcomerToken, before.tos.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'CONFLICT', message: 'This terms version is no longer current.' });

    expect((await accept(newcomerToken, newer.id)).statusCode).toBe(200);
    expect((await info(newcomerToken)).tos.stamp).not.toBeNull();
  });

  it('answers 409 for a version that never existed', async () => {
    const res = await accept(token, 999_999);
    expect(res.statusCode).toBe(409);
  });

  it('answers 400 for a malformed body', async () => {
    const malformed = await accept(token, 'first');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { tosid: expect.any(Array) } });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 401 without a token and 404 when the agent no longer exists', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/arc/agent/tosagreed', payload: { tosid: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Missing token' });
    const { tos } = await info(token);
    const ghost = await mintAccessToken(t, { agentId: 'agt_gone' });
    expect((await accept(ghost, tos.id)).statusCode).toBe(404);
  });
});

describe('GET /arc/user/info with the user cache on', () => {
  it('reuses the answer for a few seconds and forgets it when the agent accepts terms', async () => {
    const cached = await createTestApp({ env: { USER_CACHE_TTL_MS: '60000' } });
    try {
      const db = cached.database.db;
      await insertTerms(db);
      const someone = await insertAgent(db, { acceptTerms: false, firstName: 'Before' });
      const someoneToken = await mintAccessToken(cached, { agentId: someone.id });
      const info = async () =>
        (await cached.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(someoneToken) })).json().agent;
      const first = await info();
      await db.update(agents).set({ firstName: 'After' }).where(eq(agents.id, someone.id));
      expect((await info()).firstName).toBe('Before');
      await cached.app.inject({
        method: 'POST',
        url: '/arc/agent/tosagreed',
        headers: bearer(someoneToken),
        payload: { tosid: first.tos.id },
      });
      const after = await info();
      expect(after.firstName).toBe('After');
      expect(after.tos.stamp).not.toBeNull();
    } finally {
      await cached.close();
    }
  });
});

describe('GET /arc/terms/:id', () => {
  it('answers 404 for an unknown version, 400 for a malformed id and 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/arc/terms/99999', headers: bearer(token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/arc/terms/abc', headers: bearer(token) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/arc/terms/1' })).statusCode).toBe(401);
  });
});
