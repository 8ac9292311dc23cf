import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@arc/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { matchRoute, withPreloads, withPublicConfig } from './web.ts';

const ROUTES = [
  { path: '/', auth: true, js: ['/assets/shell-a1.js', '/assets/dashboard-b2.js'], css: ['/assets/shell-a1.css'] },
  { path: '/products', auth: true, js: ['/assets/shell-a1.js', '/assets/products-c3.js'], css: [] },
  { path: '/training/videos/:category', auth: true, js: ['/assets/category-d4.js'], css: [] },
  // a path that is not one of the build's assets never reaches the page
  { path: '/sign-in', auth: false, js: ['/assets/sign-in-e5.js', 'https://elsewhere.example/x.js'], css: [] },
];

/** A web build with the list apps/web/build/route-preloads.ts writes beside index.html. */
function writeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>ARC</title></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'sign-in.html'),
    '<!doctype html><html><head><title>Sign-in page</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ routes: ROUTES }));
  return dir;
}

const preloadsIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("each route's page lists the code it loads (docs/decisions/web-loading-and-budget.md)", () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeWebDist();
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it("preloads an agent page's shell, screen and stylesheets in a signed-in browser", async () => {
    const res = await page('/', `other=x; ${SIGNED_IN_HINT_COOKIE}=1`);
    expect(res.statusCode).toBe(200);
    expect(preloadsIn(res.body)).toEqual(['/assets/shell-a1.js', '/assets/dashboard-b2.js']);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/shell-a1.css">');
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends a signed-out browser the plain page: its agent pages go to /sign-in, the welcome needs none of it', async () => {
    for (const cookie of [undefined, `${SIGNED_IN_HINT_COOKIE}=0`, `x${SIGNED_IN_HINT_COOKIE}=1`]) {
      const res = await page('/products', cookie);
      expect(res.statusCode).toBe(200);
      expect(preloadsIn(res.body)).toEqual([]);
      expect(res.body).toContain('<title>ARC</title>');
    }
  });

  it('preloads a public route for anyone, and only the build’s own assets', async () => {
    const res = await page('/sign-in?x=1');
    expect(preloadsIn(res.body)).toEqual(['/assets/sign-in-e5.js']);
  });

  it('sends the sign-in flow’s two pages as sign-in.html, and the rest of the app as index.html (docs/decisions/web-loading-and-budget.md)', async () => {
    for (const url of ['/sign-in', '/sign-in/', '/interaction/uid-1']) {
      expect((await page(url)).body, url).toContain('<title>Sign-in page</title>');
    }
    for (const url of ['/sign-in/forgot', '/interaction/uid-1/x/y', '/']) {
      expect((await page(url)).body, url).toContain('<title>ARC</title>');
    }
    // the form's JSON calls below the page stay API calls
    expect((await page('/interaction/uid-1/details')).headers['content-type']).toMatch(/json/);
    expect((await t.app.inject({ url: '/sign-in.html', headers: { accept: 'text/html' } })).body).toContain(
      '<title>ARC</title>',
    );
  });

  it('matches a route with parameters, and nothing for an unknown path', async () => {
    const hint = `${SIGNED_IN_HINT_COOKIE}=1`;
    expect(preloadsIn((await page('/training/videos/Sales%20%26%20Marketing', hint)).body)).toEqual([
      '/assets/category-d4.js',
    ]);
    expect(preloadsIn((await page('/training/videos', hint)).body)).toEqual([]);
    expect(preloadsIn((await page('/no/such/page', hint)).body)).toEqual([]);
  });

  it('compresses each route’s page like the plain one', async () => {
    const res = await t.app.inject({
      url: '/products',
      headers: { accept: 'text/html', 'accept-encoding': 'br', cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const zlib = await import('node:zlib');
    expect(preloadsIn(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual([
      '/assets/shell-a1.js',
      '/assets/products-c3.js',
    ]);
  });

  it('does not serve the list itself as a file', async () => {
    const res = await t.app.inject({ url: '/route-preloads.json', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('matchRoute and withPreloads', () => {
  const routes = [{ path: '/' }, { path: '/training/videos/:category/:id' }, { path: '/products' }];
  it("matches React Router's patterns segment by segment", () => {
    expect(matchRoute(routes, '/')?.path).toBe('/');
    expect(matchRoute(routes, '/products/')?.path).toBe('/products');
    expect(matchRoute(routes, '/training/videos/a/b')?.path).toBe('/training/videos/:category/:id');
    expect(matchRoute(routes, '/training/videos/a')).toBeUndefined();
    expect(matchRoute(routes, '/productsx')).toBeUndefined();
  });
  it('adds the chunks before </head>, the stylesheets before </body>, and leaves a page without both as it is', () => {
    const route = { path: '/', auth: false, js: ['/assets/a.js'], css: ['/assets/a.css'] };
    expect(withPreloads('<head></head><body><div id="root"></div></body>', route)).toBe(
      '<head><link rel="modulepreload" crossorigin href="/assets/a.js"></head>' +
        '<body><div id="root"></div><link rel="stylesheet" crossorigin href="/assets/a.css"></body>',
    );
    expect(withPreloads('<body></body>', route)).toBe('<body></body>');
    expect(withPreloads('<head></head>', route)).toBe('<head></head>');
  });
});

describe('withPublicConfig', () => {
  const config = { providerName: 'Acme <Senior> & Co', businessTimeZone: 'America/Chicago' };
  it("adds the public config and writes the provider's name, escaped, into the first paint (docs/decisions/web-loading-and-budget.md)", () => {
    const html = withPublicConfig(
      '<head></head><body><div id="root"><div class="arc-boot-provider" data-arc-provider-name></div></div></body>',
      config,
    );
    expect(html).toContain('<div class="arc-boot-provider" data-arc-provider-name>Acme &lt;Senior&gt; &amp; Co</div>');
    expect(html).toContain(
      '<script type="application/json" id="arc-config">{"providerName":"Acme \\u003cSenior> & Co","businessTimeZone":"America/Chicago"}</script></head>',
    );
  });
  it('leaves a page without the first paint as it was, but for the config', () => {
    expect(withPublicConfig('<head></head><body></body>', config)).toMatch(
      /^<head><script [^>]+>.+<\/script><\/head><body><\/body>$/,
    );
  });
});
