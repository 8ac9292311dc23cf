import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config.ts';
import { identityPlugin } from './identity/index.ts';
import { publicJwks } from './identity/keys.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { commissionsRoutes } from './modules/commissions/routes.ts';
import { complianceRoutes } from './modules/compliance/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { enrollmentsRoutes } from './modules/enrollments/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { finalExpenseRoutes } from './modules/final-expense/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { mailboxRoutes } from './modules/mailbox/routes.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { prospectsRoutes } from './modules/prospects/routes.ts';
import { suppliesRoutes } from './modules/supplies/routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { termsRoutes } from './modules/terms/routes.ts';
import { termsGatePlugin } from './modules/terms/terms-gate.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import authPlugin from './platform/auth.ts';
import { compressionPlugin } from './platform/compression.ts';
import type { AppDeps } from './platform/deps.ts';
import { errorHandler } from './platform/error-handler.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { createTtlCache } from './platform/ttl-cache.ts';
import { webPlugin } from './platform/web.ts';

export interface BuildAppOptions {
  /** pino options, or false for a silent app (tests) */
  logger?: boolean | Record<string, unknown>;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const isHttps = config.publicUrl.startsWith('https://');
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Client IPs (and so every per-IP rate limit) come from the socket unless TRUST_PROXY names the proxies in
    // front: trusting every hop would let any client pick its IP with a made-up X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('db', deps.database.db);

  // ── external plugins ────────────────────────────────────────────────────────────────────────────
  await app.register(securityHeadersPlugin, {
    // plain HTTP on a non-localhost host would be blanked by upgrade-insecure-requests
    hsts: isHttps,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects <style> tags
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'", config.publicUrl],
        frameAncestors: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    ...(config.redisUrl ? { redis: await createRedis(config.redisUrl) } : {}),
  });
  // before any route: each route gets its onSend hook when it is added
  await app.register(compressionPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'ARC API', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/arc/docs' });

  // ── platform ───────────────────────────────────────────────────────────────────────────────────
  await app.register(authPlugin, {
    issuer: config.oidcIssuer,
    audience: config.apiAudience,
    ...(config.isEmbeddedIssuer ? { jwks: publicJwks(deps.secrets) } : {}),
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { ready: true };
    } catch {
      return reply.code(503).send({ ready: false });
    }
  });

  app.setErrorHandler(errorHandler);
  // before any module registers a route: addRoute puts this check on every agent call
  await app.register(termsGatePlugin);

  // ── identity and business areas ────────────────────────────────────────────────────────────────
  await app.register(identityPlugin);
  await app.register(accountRoutes);
  // user info is reused for a few seconds per agent (decision 005); accepting terms drops the agent's entry
  const userInfoCache = createTtlCache<string>({ ttlMs: config.userCacheTtlMs });
  await app.register(profileRoutes, { userInfoCache });
  await app.register(termsRoutes, { onAccepted: (agentId) => userInfoCache.delete(agentId) });
  await app.register(dashboardRoutes);
  await app.register(filesRoutes);
  await app.register(telemetryRoutes);
  await app.register(placesRoutes);
  await app.register(geoRoutes);
  await app.register(trainingRoutes);
  await app.register(complianceRoutes);
  await app.register(commissionsRoutes);
  await app.register(finalExpenseRoutes);
  await app.register(suppliesRoutes);
  await app.register(enrollmentsRoutes);
  await app.register(prospectsRoutes);
  if (config.demoData) await app.register(mailboxRoutes);

  // ── 404 and the web app ────────────────────────────────────────────────────────────────────────
  await app.register(webPlugin);
  return app;
}

/**
 * Fastify ignores X-Forwarded-For entirely for a numeric trustProxy (it cannot check the peer); a hop count
 * here means what it says: the last `hops` addresses are proxies. Name the proxies' addresses instead when
 * clients can also reach the server directly.
 */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

async function createRedis(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
}
