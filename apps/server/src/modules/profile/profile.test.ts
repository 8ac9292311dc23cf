import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent, insertTerms } from '../../seed/factories.ts';
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
      actData: { FULLNAME: `${agent.firstName} ${agent.lastName}` },
      status: 'Active',
      memberSupportTier: 'Unlimited',
      hasSunfireContracts: true,
      hasMyHealthPlanContracts: false,
      avatar: null,
    });
    expect(user.tos.id).toBeTypeOf('number');
    expect(new Date(user.tos.stamp).getTime()).not.toBeNaN();
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
  it('records acceptance of the current version; a newer version empties the stamp again', async () => {
    const newcomer = await insertAgent(t.database.db, { acceptTerms: false });
    const newcomerToken = await mintAccessToken(t, { agentId: newcomer.id });
    const info = async () =>
      (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(newcomerToken) })).json().agent;

    const before = await info();
    expect(before.tos.stamp).toBeNull();

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(newcomerToken),
      payload: { tosid: before.tos.id },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().tos.stamp).not.toBeNull();
    expect((await info()).tos.stamp).not.toBeNull();

    const newer = await insertTerms(t.database.db, { body: '<p>Version 2</p>' });
    const after = await info();
    expect(after.tos).toMatchObject({ id: newer.id, document: '<p>Version 2</p>', stamp: null });

    const stale = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(newcomerToken),
      payload: { tosid: before.tos.id },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This terms version is no longer current.');
  });

  it('answers 400 for a malformed body and 401 without a token', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(token),
      payload: { tosid: 'first' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { tosid: expect.any(Array) } });
    const anonymous = await t.app.inject({ method: 'POST', url: '/arc/agent/tosagreed', payload: { tosid: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });
});
