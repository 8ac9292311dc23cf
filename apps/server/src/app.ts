import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponseSchema, MESSAGES } from '@arc/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { publicJwks } from './identity/keys.ts';
import { identityPlugin } from './identity/index.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { mailboxRoutes } from './modules/mailbox/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import authPlugin from './platform/auth.ts';
import type { AppDeps } from './platform/deps.ts';
import { AppError } from './platform/errors.ts';
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
  await app.register(helmet, {
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

  // ── identity and business areas ────────────────────────────────────────────────────────────────
  await app.register(identityPlugin);
  await app.register(profileRoutes);
  await app.register(dashboardRoutes);
  await app.register(filesRoutes);
  await app.register(telemetryRoutes);
  if (config.demoData) await app.register(mailboxRoutes);

  // ── errors, 404 and the web app ────────────────────────────────────────────────────────────────
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || issue.params?.issue?.path?.join('.') || '_';
        (fieldErrors[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = Object.entries(fieldErrors)[0];
      return reply.code(400).send({
        code: 'BAD_REQUEST',
        message: first ? `${first[0] === '_' ? 'Request' : first[0]}: ${first[1][0]}` : 'Invalid request',
        fieldErrors,
      });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match the contract');
      return reply.code(500).send({ code: 'INTERNAL', message: 'Internal server error' });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, url: request.url }, 'unhandled error');
      return reply.code(status).send({ code: 'INTERNAL', message: 'Internal server error' });
    }
    const code = status === 429 ? 'TOO_MANY_REQUESTS' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    return reply
      .code(status)
      .send({ code, message: status === 429 ? MESSAGES.tooManyRequests : error.message });
  });

  await app.register(webPlugin);
  void ErrorResponseSchema;
  return app;
}

async function createRedis(url: string) {
  const { Redis } = await import('ioredis');
  return new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
}
