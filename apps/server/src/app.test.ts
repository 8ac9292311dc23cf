import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { insertAgent } from '#seed/factories.ts';
import { bearer, mintAccessToken } from '#test/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /readyz', () => {
  it('answers ready when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
  });
});

describe('unknown paths', () => {
  it('answers a JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('factories', () => {
  it('inserts an agent and mints a token for it', async () => {
    const agent = await insertAgent(t.database.db);
    const token = await mintAccessToken(t, { agentId: agent.id });
    expect(bearer(token).authorization).toMatch(/^Bearer /);
  });
});
