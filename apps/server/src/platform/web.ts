import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PUBLIC_CONFIG_ELEMENT_ID, SIGNED_IN_HINT_COOKIE, type PublicConfig } from '@arc/contract/constants';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding } from './compression.ts';
import { escapeHtml } from './html.ts';
import { declarePublicContext } from './route-access.ts';

const API_PREFIXES = ['/arc/', '/oidc/', '/dev/'];
/** the sign-in form's JSON calls sit below the SPA's /interaction/:uid page */
const INTERACTION_API = /^\/interaction\/[^/]+\/(details|login|abort)$/;
/**
 * the sign-in flow's two pages, loaded as sign-in.html (docs/decisions/web-loading-and-budget.md): /sign-in and the
 * provider's form
 */
const SIGN_IN_PAGE = /^\/(?:sign-in|interaction\/[^/]+)\/?$/;
/**
 * pages no search engine may index: the Scope of Appointment's public signing page
 * (docs/decisions/soa-and-ready-to-sell.md)
 */
const NOINDEX_PAGE = /^\/soa\/sign\//;

/**
 * the empty element of index.html's first paint that shows the provider's name
 * (docs/decisions/web-loading-and-budget.md)
 */
const PROVIDER_NAME_SLOT = '<div class="arc-boot-provider" data-arc-provider-name></div>';

/**
 * index.html with the deployment's public facts (PublicConfig) as a JSON data block, which the web app reads
 * at start (apps/web/src/config.ts), and the provider's name in the first paint that shows before any script
 * has run. A data block is not a script: the CSP's `script-src 'self'` still holds.
 */
export function withPublicConfig(html: string, publicConfig: PublicConfig): string {
  const json = JSON.stringify(publicConfig).replaceAll('<', '\\u003c');
  const element = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>`;
  const named = html.replace(
    PROVIDER_NAME_SLOT,
    PROVIDER_NAME_SLOT.replace('></div>', `>${escapeHtml(publicConfig.providerName)}</div>`),
  );
  return named.includes('</head>') ? named.replace('</head>', `${element}</head>`) : `${element}${named}`;
}

/** One route of the web build's `route-preloads.json` (apps/web/build/route-preloads.ts). */
interface RoutePreload {
  path: string;
  auth: boolean;
  js: string[];
  css: string[];
}

const ASSET_PATH = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The build's list of what each route loads; none (an older build, a test's) is an empty list. */
function readRoutePreloads(root: string): RoutePreload[] {
  const file = path.join(root, 'route-preloads.json');
  if (!fs.existsSync(file)) return [];
  const { routes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes: RoutePreload[] };
  // only the build's own asset paths go into the page
  return routes.map((route) => ({
    ...route,
    js: route.js.filter((href) => ASSET_PATH.test(href)),
    css: route.css.filter((href) => ASSET_PATH.test(href)),
  }));
}

/** The route whose pattern (`/training/videos/:category`) matches the path, React Router's way, or undefined. */
export function matchRoute<R extends { path: string }>(routes: R[], pathname: string): R | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return routes.find((route) => {
    const pattern = route.path.split('/').filter(Boolean);
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/**
 * index.html for one route (docs/decisions/web-loading-and-budget.md):
 * - its chunks as `modulepreload` links in the head, so the browser fetches them with the entry rather than once
 *   the entry has run and the router asked for them;
 * - its stylesheets as stylesheets at the end of the body. There they hold back neither the first paint (the
 *   loading layout above them) nor the fetches; they are in place before any script runs, and the router's loader
 *   finds them instead of adding them one by one to a live page in the start-up's task.
 */
export function withPreloads(html: string, route: RoutePreload): string {
  if (!html.includes('</head>') || !html.includes('</body>')) return html;
  const chunks = route.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  const sheets = route.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  return html.replace('</head>', `${chunks}</head>`).replace('</body>', `${sheets}</body>`);
}

const HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);

interface EncodedHtml {
  plain: string;
  br: Buffer;
  gzip: Buffer;
}

const encodeHtml = (html: string): EncodedHtml => ({
  plain: html,
  br: zlib.brotliCompressSync(html),
  gzip: zlib.gzipSync(html, { level: 9 }),
});

/**
 * Serves the web app's production build: hashed assets for a year, index.html never cached, and
 * index.html for every other GET that asks for HTML (the SPA's own routes), sign-in.html for the sign-in flow's
 * two pages.
 * Anything else unknown is a JSON 404, rate-limited so nobody scans the server cheaply.
 */
async function web(app: FastifyInstance) {
  const root = app.deps.config.webDist;
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const { providerName, businessTimeZone } = app.deps.config;
  const pageHtml = (file: string) =>
    withPublicConfig(fs.readFileSync(path.join(root, file), 'utf8'), { providerName, businessTimeZone });
  // a build without the sign-in page (an older one, a test's) serves the app there, which has the same routes
  const hasSignInPage = hasWeb && fs.existsSync(path.join(root, 'sign-in.html'));
  const pages = {
    index: hasWeb ? pageHtml('index.html') : '',
    'sign-in': hasSignInPage ? pageHtml('sign-in.html') : '',
  };
  const routes = hasWeb ? readRoutePreloads(root) : [];
  // each page compressed once, on its first request (the not-found handler is no route, so the compression hook
  // is not on it)
  const encoded = new Map<string, EncodedHtml>();
  /**
   * The page for this path (sign-in.html for the sign-in flow's pages, else index.html), with the route's
   * preloads for a public route, or for an agent route in a signed-in tab.
   */
  const htmlFor = (pathname: string, cookie: string | undefined): EncodedHtml => {
    const page = hasSignInPage && SIGN_IN_PAGE.test(pathname) ? 'sign-in' : 'index';
    const route = matchRoute(routes, pathname);
    const preloads = route && (!route.auth || HINT.test(cookie ?? '')) ? route : undefined;
    const key = `${page} ${preloads?.path ?? ''}`;
    let html = encoded.get(key);
    if (!html) {
      html = encodeHtml(preloads ? withPreloads(pages[page], preloads) : pages[page]);
      encoded.set(key, html);
    }
    return html;
  };
  if (hasWeb) {
    // the build's files are public, in a context of their own (docs/decisions/route-access.md)
    await app.register(async (files) => {
      declarePublicContext(files);
      // The hashed assets (hundreds of files) are one wildcard route: no file list to build at start, and a
      // missing file goes to the not-found handler below like any unknown address.
      await files.register(fastifyStatic, {
        root: path.join(root, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        index: false,
        // the build wrote file.br and file.gz beside each text asset (apps/web/build/plugins.ts)
        preCompressed: true,
        setHeaders: (reply) => {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
      // the few files at the top of the build (favicon.svg): a route each, never cached without a check
      await files.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        decorateReply: false,
        preCompressed: true,
        globIgnore: [
          'assets/**',
          'index.html',
          'index.html.*',
          'sign-in.html',
          'sign-in.html.*',
          'route-preloads.json',
          'route-preloads.json.*',
        ],
        // the pages always go out with the public config (the not-found handler below)
        allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/sign-in.html',
        setHeaders: (reply) => {
          reply.header('Cache-Control', 'no-cache');
        },
      });
    });
  } else {
    app.log.warn({ root }, 'web build not found: only the API is served');
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      // browsers ask for text/html; curl and friends ask for anything (*/*): both get the app
      const accept = request.headers.accept ?? '';
      const wantsHtml = accept.includes('text/html') || accept.includes('*/*');
      const isApi = API_PREFIXES.some((p) => url.startsWith(p)) || INTERACTION_API.test(url);
      if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApi) {
        reply.header('Cache-Control', 'no-store');
        reply.header('Vary', 'accept-encoding, cookie');
        if (NOINDEX_PAGE.test(url)) reply.header('X-Robots-Tag', 'noindex, nofollow');
        const html = htmlFor(url, request.headers.cookie);
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(encoding ? html[encoding] : html.plain);
      }
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    },
  );
}

export const webPlugin = fp(web, { name: 'arc-web', dependencies: ['@fastify/rate-limit'] });
