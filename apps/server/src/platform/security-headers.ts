import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once: our policy has no per-request part (no nonces), and running helmet's
 * middleware on every request cost more than the rest of a cached API answer (see docs/decisions/009-security-headers-computed-once.md).
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

async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = computeSecurityHeaders(options);
  // onRequest on the raw response, so the identity provider's own pages (mounted with middie) get them too
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'arc-security-headers' });
