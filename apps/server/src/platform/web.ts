import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@arc/contract/constants';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding } from './compression.ts';

const API_PREFIXES = ['/arc/', '/oidc/', '/dev/'];
/** the sign-in form's JSON calls sit below the SPA's /interaction/:uid page */
const INTERACTION_API = /^\/interaction\/[^/]+\/(details|login|abort)$/;

/**
 * index.html with the deployment's public facts (PublicConfig) as a JSON data block, which the web app reads
 * at start (apps/web/src/config.ts). A data block is not a script: the CSP's `script-src 'self'` still holds.
 */
export function withPublicConfig(html: string, publicConfig: PublicConfig): string {
  const json = JSON.stringify(publicConfig).replaceAll('<', '\\u003c');
  const element = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${element}</head>`) : `${element}${html}`;
}

/**
 * Serves the web app's production build: hashed assets for a year, index.html never cached, and
 * index.html for every other GET that asks for HTML (the SPA's own routes, the sign-in interaction).
 * Anything else unknown is a JSON 404, rate-limited so nobody scans the server cheaply.
 */
async function web(app: FastifyInstance) {
  const root = app.deps.config.webDist;
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const { providerName, businessTimeZone } = app.deps.config;
  const indexHtml = hasWeb
    ? withPublicConfig(fs.readFileSync(indexFile, 'utf8'), { providerName, businessTimeZone })
    : '';
  // compressed once here: the not-found handler is no route, so the compression hook is not on it
  const encodedHtml = {
    br: zlib.brotliCompressSync(indexHtml),
    gzip: zlib.gzipSync(indexHtml, { level: 9 }),
  };
  if (hasWeb) {
    // The hashed assets (hundreds of files) are one wildcard route: no file list to build at start, and a
    // missing file goes to the not-found handler below like any unknown address.
    await app.register(fastifyStatic, {
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
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      globIgnore: ['assets/**', 'index.html', 'index.html.*'],
      // index.html always goes out with the public config (the not-found handler below)
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'no-cache');
      },
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
        reply.header('Vary', 'accept-encoding');
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(encoding ? encodedHtml[encoding] : indexHtml);
      }
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    },
  );
}

export const webPlugin = fp(web, { name: 'arc-web', dependencies: ['@fastify/rate-limit'] });
