import * as contract from '@arc/contract';
import type { RouteEntry } from '@arc/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTerms } from '../seed/factories.ts';
import { addAgent } from '../test/agent-app.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer } from '../test/tokens.ts';
import type { AppDeps } from './deps.ts';
import { routeAccessPlugin } from './route-access.ts';

const INTEGRATION_KEY = 'integration-key-for-tests-0123456789';

const ENTRIES = (Object.values(contract) as unknown[]).filter(
  (value): value is RouteEntry =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value,
);

/**
 * The routes below /arc that no contract entry describes, each public on purpose: pictures an <img> loads
 * without a token, and the API's documentation (its page, assets and the OpenAPI document).
 */
const PUBLIC_NON_CONTRACT_API_ROUTES = [
  /^\/arc\/dashboard\/logos\/:name$/,
  /^\/arc\/training\/images\/:name$/,
  /^\/arc\/docs(\/.*)?$/,
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_API_KEY: INTEGRATION_KEY, DEMO_DATA: 'true' } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may call each route (docs/decisions/route-access.md)', () => {
  it('every contract entry is registered with the credential it declares', () => {
    const registered = new Map(t.app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.auth]));
    const wrong = ENTRIES.filter((entry) => registered.get(`${entry.method} ${entry.path}`) !== entry.auth).map(
      (entry) =>
        `${entry.method} ${entry.path}: declares ${entry.auth}, registered ${registered.get(`${entry.method} ${entry.path}`)}`,
    );
    expect(wrong).toEqual([]);
  });

  it('every route the app registers says who may call it, and below /arc only the contract and a known few are public', () => {
    const routes = t.app.routeAccess;
    // the first routes of app.ts, the provider's mount and the demo mailbox went through the check too
    for (const url of ['/healthz', '/readyz', '/oidc/*', '/dev/mailbox']) {
      expect(routes.find((route) => route.url === url)?.auth, url).toBe('none');
    }
    const contractRoutes = new Set(ENTRIES.map((entry) => `${entry.method} ${entry.path}`));
    const unexplained = routes
      .filter((route) => route.url.startsWith('/arc') && !contractRoutes.has(`${route.method} ${route.url}`))
      .filter((route) => !(route.method === 'HEAD' && contractRoutes.has(`GET ${route.url}`)))
      .filter((route) => !PUBLIC_NON_CONTRACT_API_ROUTES.some((pattern) => pattern.test(route.url)))
      .map((route) => `${route.method} ${route.url} (${route.auth})`);
    expect(unexplained, 'a route below /arc that is neither a contract entry nor a known public one').toEqual([]);
  });

  it('refuses to register a route that does not say who may call it', async () => {
    const app = Fastify({ logger: false });
    app.decorate('deps', { config: { staffApiKey: undefined } } as unknown as AppDeps);
    await app.register(routeAccessPlugin);
    expect(() => app.get('/arc/forgotten', async () => ({ secret: true }))).toThrow(
      'GET /arc/forgotten does not declare who may call it',
    );
    app.get('/arc/declared', { config: { auth: 'none' } }, async () => ({ open: true }));
    expect((await app.inject({ method: 'GET', url: '/arc/declared' })).statusCode).toBe(200);
  });
});

describe('GET /arc/docs/json', () => {
  it('names the credential of each call: the agent bearer, the integration key, or none', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/arc/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    }>();
    const securityOf = (method: string, path: string) =>
      document.paths[path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()]?.security;
    expect(securityOf('GET', contract.getCurrentAgent.path)).toEqual([{ bearerAuth: [] }]);
    expect(securityOf('PATCH', contract.updateEnrollmentStatus.path)).toEqual([{ integrationKey: [] }]);
    expect(securityOf('GET', contract.getCounties.path)).toBeUndefined();
  });
});

describe('Cache-Control on answers to a call with a credential', () => {
  it('is no-store for an agent call, answered or refused', async () => {
    const agent = await addAgent(t);
    const info = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(agent.token) });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/arc/user/info' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is no-store for an integration-key call', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/arc/staff/enrollments',
      headers: bearer(INTEGRATION_KEY),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps what a handler sets itself, and leaves public calls to their handlers', async () => {
    const agent = await addAgent(t);
    const terms = await insertTerms(t.database.db);
    // the terms text is the same for every agent: private caching for five minutes, as its handler says
    const text = await t.app.inject({ method: 'GET', url: `/arc/terms/${terms.id}`, headers: bearer(agent.token) });
    expect(text.statusCode).toBe(200);
    expect(text.headers['cache-control']).toBe('private, max-age=300');
    const counties = await t.app.inject({ method: 'GET', url: '/arc/counties/WI' });
    expect(counties.headers['cache-control']).toBe('public, max-age=3600');
  });
});
