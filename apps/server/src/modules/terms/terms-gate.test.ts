import * as contract from '@arc/contract';
import { MESSAGES, TERMS_NOT_ACCEPTED, type RouteEntry } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDashboardFile, insertTerms } from '../../seed/factories.ts';
import { addAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer } from '../../test/tokens.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertDashboardFile(t.database.db, { year: new Date().getFullYear() });
});
afterAll(async () => {
  await t?.close();
});

const isRouteEntry = (value: unknown): value is RouteEntry =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value;

/** Every agent call of the contract that this server registers, with its path parameters filled in. */
function protectedCalls() {
  return (Object.values(contract) as unknown[])
    .filter(isRouteEntry)
    .filter((entry) => entry.auth === 'agent' && t.app.hasRoute({ method: entry.method, url: entry.path }))
    .map((entry) => ({ entry, url: entry.path.replace(/:([A-Za-z0-9_]+)/g, '1') }));
}

const BEFORE_TERMS = [contract.getCurrentAgent, contract.getTermsDocument, contract.acceptTerms];

describe('order of checks on every agent call: 401, then 403 (terms), then 400', () => {
  it('answers 401 for a bad token before a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      payload: '{"file":',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the terms gate on the server', () => {
  it('answers 403 TERMS_NOT_ACCEPTED (before 400) on every other call until the current terms are accepted', async () => {
    await insertTerms(t.database.db);
    const agent = await addAgent(t, { acceptTerms: false });
    const gated = protectedCalls().filter(({ entry }) => !BEFORE_TERMS.includes(entry as never));
    expect(gated.map(({ entry }) => entry.path)).toEqual(
      expect.arrayContaining(['/arc/agent/dashboard/files', '/arc/downloadtoken']),
    );
    for (const { entry, url } of gated) {
      const res = await t.app.inject({
        method: entry.method,
        url,
        headers: bearer(agent.token),
        ...(entry.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${entry.method} ${entry.path}`).toBe(403);
      expect(res.json()).toEqual({ code: TERMS_NOT_ACCEPTED, message: MESSAGES.termsNotAccepted });
    }
  });

  it('lets the gate load the agent and the terms text and accept them; then the rest answers', async () => {
    const agent = await addAgent(t, { acceptTerms: false });
    const files = () =>
      t.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: bearer(agent.token) });
    expect((await files()).statusCode).toBe(403);

    const info = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(agent.token) });
    expect(info.statusCode).toBe(200);
    const { tos } = info.json().agent as { tos: { id: number; stamp: string | null } };
    expect(tos.stamp).toBeNull();
    const text = await t.app.inject({ method: 'GET', url: `/arc/terms/${tos.id}`, headers: bearer(agent.token) });
    expect(text.statusCode).toBe(200);
    // the gate's own calls still validate their input
    const bad = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(agent.token),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/tosagreed',
      headers: bearer(agent.token),
      payload: { tosid: tos.id },
    });
    expect(accepted.statusCode).toBe(200);

    const after = await files();
    expect(after.statusCode).toBe(200);
    expect(after.json().files.length).toBeGreaterThan(0);
    // with the terms accepted, validation is next: 400, then ownership: 404
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(agent.token),
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(agent.token),
      payload: { file: 'fil_nope' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sends an agent through the gate again when a new version is published', async () => {
    const agent = await addAgent(t);
    const files = () =>
      t.app.inject({ method: 'GET', url: '/arc/agent/dashboard/files', headers: bearer(agent.token) });
    expect((await files()).statusCode).toBe(200);
    await insertTerms(t.database.db, { title: 'Terms of Service, new version' });
    expect((await files()).statusCode).toBe(403);
  });
});
