import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once: our policy has no per-request part (no nonces, scripts are 'self' only), and
 * running helmet's middleware on every request — what @fastify/helmet does, building the middleware anew each
 * time — cost more than the rest of a cached API answer (docs/decisions/request-pipeline.md and
 * docs/decisions/dependencies-and-error-reporting.md).
 */
export function computeSecurityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let isDone = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    isDone = true;
  });
  if (!isDone) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

/**
 * What a JSON answer of the API needs (OWASP REST Security Cheat Sheet), from helmet too: no sniffing, no
 * framing, a policy that allows nothing to load, and HSTS where the page's headers have it. The document headers
 * (COOP, CORP, Origin-Agent-Cluster, Referrer-Policy, the app's full CSP…) only mean something on a page; six
 * headers fewer on every API answer is a tenth of a cached answer's cost (docs/decisions/request-pipeline.md).
 */
export function apiSecurityHeaders(documentHeaders: Array<[string, string]>): Array<[string, string]> {
  const hsts = documentHeaders.find(([name]) => name === 'strict-transport-security');
  return [
    ...computeSecurityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: false,
      crossOriginEmbedderPolicy: false,
      originAgentCluster: false,
      referrerPolicy: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
    ...(hsts ? [hsts] : []),
  ];
}

async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = computeSecurityHeaders(options);
  const apiHeaders = apiSecurityHeaders(headers);
  // onRequest on the raw response, so the identity provider's own pages (mounted with middie) get them too. The
  // matched route says which (`config.isApi`: the contract's calls, docs/decisions/route-access.md), not the request's
  // URL, which may spell the same route another way (`/%61rc/…`); the documentation page, the app's pages, the provider
  // and unknown paths get the document headers.
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.routeOptions.config.isApi === true;
    for (const [name, value] of isApi ? apiHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'arc-security-headers' });
