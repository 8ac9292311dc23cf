import type { IncomingMessage, ServerResponse } from 'node:http';
import { OIDC_PATH } from '@arc/contract/constants';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../platform/periodic-job.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH } from './pages.ts';
import { createProvider } from './provider.ts';
import { PURGE_EVERY_MS, purgeIdentityRows } from './purge.ts';

/**
 * Identity, when this server is the issuer: the embedded OpenID Connect provider (mounted at /oidc
 * through middie, in a context of its own) and the sign-in interaction calls. Register, forgot and create-password are the account module.
 */
async function identity(app: FastifyInstance): Promise<void> {
  const { config, secrets } = app.deps;
  if (!config.isEmbeddedIssuer) return;

  const provider = createProvider({ config, db: app.db, secrets, log: app.log });
  // The provider gets an encapsulated context of its own: middie's hook and the forwarded-header rewrite run for
  // /oidc and below only, not on every API call (decision 046). Its two routes are there so that Fastify sends
  // those paths into this context; middie answers in onRequest, before any body parsing, so the token
  // endpoint's form body reaches the provider unread (a catch-all route on its own would answer 415).
  const handleProviderRequest = provider.callback();
  await app.register(async (oidc) => {
    // The provider (Koa) sees the raw request. Its forwarded headers are replaced with what Fastify derived under
    // TRUST_PROXY, so a client cannot hand the provider an address or scheme the API itself would not believe.
    oidc.addHook('onRequest', (request, _reply, done) => {
      const headers = request.raw.headers;
      headers['x-forwarded-for'] = request.ip;
      headers['x-forwarded-proto'] = request.protocol;
      headers['x-forwarded-host'] = request.host;
      done();
    });
    await oidc.register(middie);
    oidc.use(
      OIDC_PATH,
      (request: IncomingMessage, response: ServerResponse) => void handleProviderRequest(request, response),
    );
    // never reached: the provider answers every request below OIDC_PATH itself
    const unreachable = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    oidc.all(OIDC_PATH, { schema: { hide: true } }, unreachable);
    oidc.all(`${OIDC_PATH}/*`, { schema: { hide: true } }, unreachable);
  });
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
