import type { IncomingMessage, ServerResponse } from 'node:http';
import { OIDC_AUTHORIZATION_ROUTE, OIDC_PATH } from '@arc/contract/constants';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Provider } from 'oidc-provider';
import type { RecordAudit } from '../platform/audit.ts';
import { interactionRoutes } from './interaction-routes.ts';
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH } from './pages.ts';
import { staffInteractionRoutes } from './staff/interaction-routes.ts';

/** how long after listening the provider loads if no request asked for it first */
const PROVIDER_WARM_UP_MS = 250;

export interface IdentityOptions {
  /** a grant was deleted: its access tokens must be refused from now on (grants.ts) */
  onGrantEnded?: (grantId: string) => Promise<void>;
  /** records the sign-in outcomes: the audit module's recorder, handed down so identity imports no module */
  recordAudit: RecordAudit;
}

/**
 * Identity, when this server is the issuer: the embedded OpenID Connect provider (mounted at /oidc through
 * middie, in a context of its own) and the sign-in interaction calls. Register, forgot and create-password are
 * the account module.
 */
async function identity(app: FastifyInstance, options: IdentityOptions): Promise<void> {
  const { config, secrets } = app.deps;
  if (!config.isEmbeddedIssuer) return;

  // oidc-provider and Koa (some 200 modules) load on the first request that needs them, or a moment after the
  // server listens, whichever comes first: a restart answers its readiness probe and API calls without waiting
  // for them (docs/decisions/server-runtime.md). A provider that cannot be created is logged, and each sign-in then
  // fails with it.
  let provider: Promise<Provider> | undefined;
  const getProvider = () =>
    (provider ??= import('./provider.ts').then(({ createProvider }) =>
      createProvider({ config, db: app.db, secrets, log: app.log, onGrantEnded: options.onGrantEnded }),
    ));
  app.addHook('onListen', (done) => {
    setTimeout(() => {
      getProvider().catch((err: unknown) => app.log.error({ err }, 'the OpenID Connect provider cannot be created'));
    }, PROVIDER_WARM_UP_MS).unref();
    done();
  });
  // The provider gets an encapsulated context of its own: middie's hook and the forwarded-header rewrite run for
  // /oidc and below only, not on every API call (docs/decisions/request-pipeline.md). Its two routes are there so that
  // Fastify sends those paths into this context; middie answers in onRequest, before any body parsing, so the token
  // endpoint's form body reaches the provider unread (a catch-all route on its own would answer 415).
  let handler: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined;
  const providerHandler = () => (handler ??= getProvider().then((loaded) => loaded.callback()));
  await app.register(async (oidc) => {
    // The provider (Koa) sees the raw request. Its forwarded headers are replaced: the client address with what
    // Fastify derived under TRUST_PROXY, and the origin with PUBLIC_URL's, never the request's Host header, so a
    // client cannot hand the provider an address the API would not believe, nor make discovery or the logout form
    // name another site (provider.ts turns `proxy` on for this).
    const { host: publicHost, protocol: publicProtocol } = new URL(config.publicUrl);
    oidc.addHook('onRequest', (request, _reply, done) => {
      const headers = request.raw.headers;
      headers['x-forwarded-for'] = request.ip;
      headers['x-forwarded-proto'] = publicProtocol.slice(0, -1);
      headers['x-forwarded-host'] = publicHost;
      done();
    });
    // Every authorization request stores an interaction for an hour: a per-address limit (in Redis with REDIS_URL,
    // like the other limits) keeps a script from filling the table. Before middie, which answers in onRequest.
    const authorizationPath = `${OIDC_PATH}${OIDC_AUTHORIZATION_ROUTE}`;
    const limitAuthorizations = oidc.rateLimit({
      max: config.authorizationsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `oidc-auth:${request.ip}`,
    });
    oidc.addHook('onRequest', async (request, reply) => {
      // as the provider's router matches it: any case, percent-encoded or not
      const path = decodedPath(request.url).toLowerCase();
      if (path === authorizationPath || path.startsWith(`${authorizationPath}/`))
        await limitAuthorizations.call(oidc, request, reply);
    });
    await oidc.register(middie);
    oidc.use(OIDC_PATH, (request: IncomingMessage, response: ServerResponse, next: (err?: unknown) => void) => {
      providerHandler().then((handle) => handle(request, response), next);
    });
    // never reached: the provider answers every request below OIDC_PATH itself
    const unreachable = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    oidc.all(OIDC_PATH, { schema: { hide: true } }, unreachable);
    oidc.all(`${OIDC_PATH}/*`, { schema: { hide: true } }, unreachable);
  });
  await app.register(interactionRoutes, { getProvider, recordAudit: options.recordAudit });
  await app.register(staffInteractionRoutes, { getProvider, recordAudit: options.recordAudit });

  app.get(LOGOUT_SCRIPT_PATH, { schema: { hide: true }, config: { auth: 'none' } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGOUT_SCRIPT),
  );
}

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const identityPlugin = fp(identity, { name: 'arc-identity', dependencies: ['@fastify/rate-limit'] });
