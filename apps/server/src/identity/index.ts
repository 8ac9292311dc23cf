import type { IncomingMessage, ServerResponse } from 'node:http';
import { OIDC_PATH } from '@arc/contract/constants';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../platform/periodic-job.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH } from './pages.ts';
import { createProvider } from './provider.ts';
import { PURGE_EVERY_MS, purgeIdentityRows } from './purge.ts';

/**
 * Identity, when this server is the issuer: the embedded OpenID Connect provider (mounted at /oidc
 * through middie, since a catch-all Fastify route would answer 415 to its token endpoint) and the
 * sign-in interaction calls. Register, forgot and create-password are the account module.
 */
async function identity(app: FastifyInstance): Promise<void> {
  const { config, secrets } = app.deps;
  if (!config.isEmbeddedIssuer) return;

  const provider = createProvider({ config, db: app.db, secrets, log: app.log });
  // The provider (Koa) sees the raw request. Its forwarded headers are replaced with what Fastify derived under
  // TRUST_PROXY, so a client cannot hand the provider an address or scheme the API itself would not believe.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/oidc')) return;
    const headers = request.raw.headers;
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.host;
  });
  await app.register(middie);
  const handleProviderRequest = provider.callback();
  app.use(
    OIDC_PATH,
    (request: IncomingMessage, response: ServerResponse) => void handleProviderRequest(request, response),
  );
  await app.register(interactionRoutes, { provider });

  app.get(LOGOUT_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGOUT_SCRIPT),
  );

  const stopPurge = startPeriodicJob({
    name: 'identity-purge',
    everyMs: PURGE_EVERY_MS,
    log: app.log,
    job: () => purgeIdentityRows(app.db),
  });
  app.addHook('onClose', async () => stopPurge());
}

export const identityPlugin = fp(identity, { name: 'arc-identity', dependencies: ['@fastify/rate-limit'] });
