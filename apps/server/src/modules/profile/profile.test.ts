import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema/index.ts';
import { insertAgent, insertFile, insertTerms } from '../../seed/factories.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: AgentApp;
let agent: TestAgent;
let token: string;
/** an app with the user cache on, shared by the tests of the cache (each with an agent of its own) */
let cached: TestApp;

beforeAll(async () => {
  t = await createAgentApp({ agent: { memberSupportTier: 'Unlimited', hasSunfireContracts: true } });
  agent = t.agent;
  token = agent.token;
  cached = await createTestApp({ env: { USER_CACHE_TTL_MS: '60000' } });
});
afterAll(async () => {
  await t?.close();
  await cached?.close();
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

  it('answers 401 when the agent of a valid token no longer exists (its account is not active)', async () => {
    const ghost = await mintAccessToken(t, { agentId: 'agt_gone' });
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(ghost) });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /arc/user/info with the user cache on', () => {
  it('reuses the answer for a few seconds and forgets it when the agent accepts terms', async () => {
    const db = cached.database.db;
    await insertTerms(db);
    const someone = await addAgent(cached, { acceptTerms: false, firstName: 'Before' });
    const info = async () =>
      (await cached.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(someone.token) })).json().agent;
    const first = await info();
    await db.update(agents).set({ firstName: 'After' }).where(eq(agents.id, someone.id));
    expect((await info()).firstName).toBe('Before');
    await cached.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(someone.token),
      payload: { tosid: first.tos.id },
    });
    const after = await info();
    expect(after.firstName).toBe('After');
    expect(after.tos.stamp).not.toBeNull();
  });
});

describe('agent status on every call', () => {
  const userInfo = (token: string) => t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(token) });

  it('answers 401 to an agent whose status is empty or inactive, as for an unknown one', async () => {
    for (const status of [null, '', 'Inactive', 'inactive']) {
      const res = await userInfo((await addAgent(t, { status })).token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid token' });
    }
    const unknown = await userInfo(await mintAccessToken(t, { agentId: 'agt_nobody' }));
    expect(unknown.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid token' });
  });

  it('refuses a token seen before once the status changes, also while the answer is cached', async () => {
    const changing = await addAgent(cached);
    const call = () =>
      cached.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: bearer(changing.token) });
    expect((await call()).statusCode).not.toBe(401);
    await cached.database.db.update(agents).set({ status: null }).where(eq(agents.id, changing.id));
    await cached.app.currentAgentChanged(changing.id);
    expect((await call()).statusCode).toBe(401);
  });
});
