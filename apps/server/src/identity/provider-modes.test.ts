import { MESSAGES } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

describe('provider behind TLS (PUBLIC_URL https)', () => {
  it('trusts the headers of a proxy TRUST_PROXY names, so its endpoints carry the external origin', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://arc.example.com', TRUST_PROXY: 'loopback' } });
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
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://arc.example.com' } });
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
    const t = await createTestApp({ env: { OIDC_ISSUER: 'https://login.example.com/realm' } });
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
