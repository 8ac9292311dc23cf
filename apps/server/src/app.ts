import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { publicJwks } from './identity/keys.ts';
import { identityPlugin } from './identity/index.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { mailboxRoutes } from './modules/mailbox/routes.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { prospectsRoutes } from './modules/prospects/routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import authPlugin from './platform/auth.ts';
import type { AppDeps } from './platform/deps.ts';
import { errorHandler } from './platform/error-handler.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
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
    trustProxy: isHttps,
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

  // ── identity and business areas ────────────────────────────────────────────────────────────────
  await app.register(identityPlugin);
  await app.register(profileRoutes);
  await app.register(dashboardRoutes);
  await app.register(filesRoutes);
  await app.register(telemetryRoutes);
  await app.register(placesRoutes);
  await app.register(prospectsRoutes);
  if (config.demoData) await app.register(mailboxRoutes);

  // ── 404 and the web app ────────────────────────────────────────────────────────────────────────
  await app.register(webPlugin);
  return app;
}

async function createRedis(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
}
