import { MESSAGES } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** the database the apps of these tests share: each has its own settings and only reads */
let base: TestApp;
beforeAll(async () => {
  base = await createTestApp();
});
afterAll(async () => {
  await base?.close();
});

describe('provider behind TLS (PUBLIC_URL https)', () => {
  it('trusts the headers of a proxy TRUST_PROXY names, so its endpoints carry the external origin', async () => {
    const t = await createTestApp({
      env: { PUBLIC_URL: 'https://arc.example.com', TRUST_PROXY: 'loopback' },
      databaseOf: base,
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'arc.example.com', host: '10.0.0.5:8080' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        issuer: 'https://arc.example.com/oidc',
        token_endpoint: 'https://arc.example.com/oidc/token',
      });
    } finally {
      await t.close();
    }
  });
});

describe('provider without TRUST_PROXY', () => {
  it("takes its endpoints' origin from PUBLIC_URL, never from the Host or forwarded headers", async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://arc.example.com' }, databaseOf: base });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', host: '10.0.0.5:8080' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        issuer: 'https://arc.example.com/oidc',
        token_endpoint: 'https://arc.example.com/oidc/token',
      });
    } finally {
      await t.close();
    }
  });
});

describe('external issuer (OIDC_ISSUER set)', () => {
  it('mounts no provider and no interaction calls, but keeps register and forgot', async () => {
    const t = await createTestApp({ env: { OIDC_ISSUER: 'https://login.example.com/realm' }, databaseOf: base });
    try {
      expect(t.config.isEmbeddedIssuer).toBe(false);
      for (const url of ['/oidc/.well-known/openid-configuration', '/interaction/abc/details']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/forgotpassword',
        payload: { agentNum: '12345678', action: 'forgotpassword' },
      });
      expect(res.json()).toEqual({ message: MESSAGES.forgotSuccess });
    } finally {
      await t.close();
    }
  });
});

describe('GET /oidc/auth rate limit', () => {
  it('answers 429 past AUTHORIZATIONS_PER_MINUTE from one address, in any spelling of the path; others go on', async () => {
    const t = await createTestApp({ env: { AUTHORIZATIONS_PER_MINUTE: '3' }, databaseOf: base });
    try {
      const authorize = (path: string, remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: `${path}?client_id=arc-web&response_type=code`, remoteAddress });
      const statuses = [];
      for (const path of ['/oidc/auth', '/oidc/AUTH', '/oidc/%61uth', '/oidc/auth', '/oidc/auth/some-uid']) {
        statuses.push((await authorize(path, '10.7.0.1')).statusCode);
      }
      expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
      const limited = await authorize('/oidc/auth', '10.7.0.1');
      expect(limited.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
      expect((await authorize('/oidc/auth', '10.7.0.2')).statusCode).not.toBe(429);
      // the provider's other endpoints are not counted
      expect((await t.app.inject({ method: 'GET', url: '/oidc/jwks', remoteAddress: '10.7.0.1' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});
