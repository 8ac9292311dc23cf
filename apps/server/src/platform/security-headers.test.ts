import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { computeSecurityHeaders } from './security-headers.ts';

describe('computeSecurityHeaders', () => {
  it("turns helmet's options into the fixed header list", () => {
    const headers = new Map(
      computeSecurityHeaders({
        hsts: false,
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      }),
    );
    expect(headers.get('content-security-policy')).toBe("default-src 'self';object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.has('strict-transport-security')).toBe(false);
  });
});

describe('security headers on answers', () => {
  /** an app with the default settings, whose database the https one shares (they only read) */
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('gives a page the full policy and an API answer the short one, HSTS on both over https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://arc.example.com' }, databaseOf: plain });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/sign-in', headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['strict-transport-security']).toMatch(/max-age=/);

      const api = await t.app.inject({ method: 'GET', url: '/arc/user/info' });
      expect(api.statusCode).toBe(401);
      expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['x-frame-options']).toBe('DENY');
      expect(api.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
      expect(api.headers['cross-origin-opener-policy']).toBeUndefined();

      const docs = await t.app.inject({ method: 'GET', url: '/arc/docs/' });
      expect(String(docs.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('chooses by the route the path reaches, however the path is spelled', async () => {
    const apiPolicy = "default-src 'none';frame-ancestors 'none'";
    // the same API call with letters percent-encoded: the router decodes them, so the headers must follow it
    for (const url of ['/%61rc/user/info', '/arc/%75ser/info', '/arc/user/%69nfo']) {
      const api = await plain.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBe(401);
      expect(api.headers['content-security-policy'], url).toBe(apiPolicy);
      expect(api.headers['x-frame-options'], url).toBe('DENY');
    }
    // the documentation page spelled another way is still a page, with its scripts allowed
    const docs = await plain.app.inject({ method: 'GET', url: '/arc/%64ocs/' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  }, 60_000);
});
