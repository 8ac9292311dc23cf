import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { READY_REFRESH_MS } from './platform/readiness.ts';
import { addAgent } from './test/agent-app.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { bearer } from './test/tokens.ts';

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

  it('answers from the state kept in memory: a thousand probes cost the database nothing (docs/decisions/outages-readiness-backup.md)', async () => {
    const ping = vi.spyOn(t.database, 'ping');
    try {
      const started = performance.now();
      for (let i = 0; i < 1000; i++) {
        expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      }
      const elapsed = performance.now() - started;
      // only the background refresh asked, once per READY_REFRESH_MS, whatever the number of probes
      expect(ping.mock.calls.length).toBeLessThanOrEqual(Math.ceil(elapsed / READY_REFRESH_MS) + 1);
      expect(ping.mock.calls.length).toBeLessThan(50);
    } finally {
      ping.mockRestore();
    }
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
  it('inserts an agent and mints a token the API accepts as that agent', async () => {
    const agent = await addAgent(t, { firstName: 'Factory' });
    const res = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(agent.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().agent).toMatchObject({ id: agent.id, npn: agent.npn, firstName: 'Factory' });
  });
});

describe('the web app', () => {
  it('serves index.html for app routes, hashed assets for a year, and JSON 404s under /arc', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><head><title>ARC</title></head><body></body>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({
      env: { WEB_DIST: dist, PROVIDER_NAME: 'Acme <Agents>', TZ_BUSINESS: 'America/Chicago' },
      databaseOf: t,
    });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/interaction/abc', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>ARC</title>');
      // the public config for the web app (apps/web/src/config.ts), with `<` escaped inside the data block
      const config = /<script type="application\/json" id="arc-config">(.*?)<\/script>/.exec(page.body)?.[1];
      expect(config).toBeDefined();
      expect(config).not.toContain('<');
      expect(JSON.parse(config!)).toEqual({ providerName: 'Acme <Agents>', businessTimeZone: 'America/Chicago' });
      const direct = await web.app.inject({ method: 'GET', url: '/index.html', headers: { accept: 'text/html' } });
      expect(direct.body).toContain('id="arc-config"');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe("script-src 'self'");

      const curl = await web.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
      expect(curl.statusCode).toBe(200);

      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');

      const api = await web.app.inject({ method: 'GET', url: '/arc/nope', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('errors raised by Fastify itself', () => {
  it('answer with the code of their status from the one status table', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/telemetry',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event: 'x', data: { pad: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const media = await t.app.inject({
      method: 'POST',
      url: '/arc/telemetry',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(media.statusCode).toBe(415);
    expect(media.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
