import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTerms } from '../../seed/factories.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: AgentApp;
let agent: TestAgent;
let token: string;

beforeAll(async () => {
  t = await createAgentApp({ agent: { memberSupportTier: 'Unlimited', hasSunfireContracts: true } });
  agent = t.agent;
  token = agent.token;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /arc/agent/tosagreed', () => {
  const accept = (auth: string, tosid: unknown) =>
    t.app.inject({ method: 'POST', url: '/arc/agent/tosagreed', headers: bearer(auth), payload: { tosid } });
  const info = async (auth: string) =>
    (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(auth) })).json().agent;

  it('records acceptance of the current version once; a newer version empties every stamp again', async () => {
    const newcomer = await addAgent(t, { acceptTerms: false });
    const before = await info(newcomer.token);
    expect(before.tos.stamp).toBeNull();

    const accepted = await accept(newcomer.token, before.tos.id);
    expect(accepted.statusCode).toBe(200);
    const { stamp } = accepted.json().tos;
    expect(new Date(stamp).getTime()).not.toBeNaN();
    expect((await info(newcomer.token)).tos.stamp).toBe(stamp);

    const repeat = await accept(newcomer.token, before.tos.id);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().tos.stamp).toBe(stamp);

    const newer = await insertTerms(t.database.db, { title: 'Terms of Service v2', body: '<p>Version 2</p>' });
    expect((await info(newcomer.token)).tos).toEqual({ id: newer.id, document: 'Terms of Service v2', stamp: null });
    const text = await t.app.inject({ method: 'GET', url: `/arc/terms/${newer.id}`, headers: bearer(newcomer.token) });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ id: newer.id, title: 'Terms of Service v2', body: '<p>Version 2</p>' });
    expect((await info(token)).tos).toMatchObject({ id: newer.id, stamp: null });

    const stale = await accept(newcomer.token, before.tos.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'CONFLICT', message: 'This terms version is no longer current.' });

    expect((await accept(newcomer.token, newer.id)).statusCode).toBe(200);
    expect((await info(newcomer.token)).tos.stamp).not.toBeNull();
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

  it('answers 401 when the agent no longer exists (as for an inactive one)', async () => {
    const { tos } = await info(token);
    const ghost = await mintAccessToken(t, { agentId: 'agt_gone' });
    expect((await accept(ghost, tos.id)).statusCode).toBe(401);
  });
});

describe('GET /arc/terms/:id', () => {
  it('answers 404 for an unknown version and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/arc/terms/99999', headers: bearer(token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/arc/terms/abc', headers: bearer(token) })).statusCode).toBe(400);
  });
});
