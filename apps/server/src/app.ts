import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TrustProxy } from './config.ts';
import { createAgentStatusCheck } from './identity/agent-status.ts';
import { createGrantCheck } from './identity/grants.ts';
import { identityPlugin } from './identity/index.ts';
import { identityJobs } from './identity/jobs.ts';
import { loadOrCreateProviderSecrets, publicJwks } from './identity/keys.ts';
import { staffRoutes } from './identity/staff/routes.ts';
import { staffAuthPlugin } from './identity/staff/staff-auth.ts';
import { accountJobs } from './modules/account/jobs.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { auditJobs } from './modules/audit/jobs.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { recordAudit } from './modules/audit/service.ts';
import { casesRoutes } from './modules/cases/routes.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { commissionsRoutes } from './modules/commissions/routes.ts';
import { complianceRoutes } from './modules/compliance/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { contractsRoutes } from './modules/contracts/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { disclaimerRoutes } from './modules/disclaimer/routes.ts';
import { enrollmentsJobs } from './modules/enrollments/jobs.ts';
import { enrollmentsRoutes } from './modules/enrollments/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { finalExpenseRoutes } from './modules/final-expense/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { importJobsJobs } from './modules/import-jobs/jobs.ts';
import { importJobsRoutes } from './modules/import-jobs/routes.ts';
import { mailboxRoutes } from './modules/mailbox/routes.ts';
import { createNotificationBus, type NotificationBus } from './modules/notifications/bus.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { placesRoutes } from './modules/places/routes.ts';
import { profileJobs } from './modules/profile/jobs.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import type { CachedCurrentAgent } from './modules/profile/service.ts';
import { prospectsRoutes } from './modules/prospects/routes.ts';
import { readyToSellRoutes } from './modules/ready-to-sell/routes.ts';
import { soaJobs } from './modules/soa/jobs.ts';
import { soaRoutes } from './modules/soa/routes.ts';
import { staffAgentsRoutes } from './modules/staff-agents/routes.ts';
import { staffCasesRoutes } from './modules/staff-cases/routes.ts';
import { staffContentRoutes } from './modules/staff-content/routes.ts';
import { pendedDigestJobs } from './modules/staff-enrollments/digest.ts';
import { staffEnrollmentsRoutes } from './modules/staff-enrollments/routes.ts';
import { staffImportsRoutes } from './modules/staff-imports/routes.ts';
import { staffJobsRoutes } from './modules/staff-jobs/routes.ts';
import { staffMediaRoutes } from './modules/staff-media/routes.ts';
import { staffOrdersRoutes } from './modules/staff-orders/routes.ts';
import { staffStatementsRoutes } from './modules/staff-statements/routes.ts';
import { staffTermsJobs } from './modules/staff-terms/jobs.ts';
import { staffTermsRoutes } from './modules/staff-terms/routes.ts';
import { staffWorkRoutes } from './modules/staff-work/routes.ts';
import { suppliesJobs } from './modules/supplies/jobs.ts';
import { suppliesRoutes } from './modules/supplies/routes.ts';
import { telemetryJobs } from './modules/telemetry/jobs.ts';
import { telemetryRoutes } from './modules/telemetry/routes.ts';
import { termsRoutes } from './modules/terms/routes.ts';
import { termsGatePlugin } from './modules/terms/terms-gate.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import { AccessLog } from './platform/access-log.ts';
import authPlugin from './platform/auth.ts';
import { compressionPlugin } from './platform/compression.ts';
import type { AppDeps } from './platform/deps.ts';
import { errorHandler } from './platform/error-handler.ts';
import { startJobs, type Jobs } from './platform/jobs.ts';
import { createReadiness } from './platform/readiness.ts';
import { declarePublicContext, routeAccessPlugin } from './platform/route-access.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { createRedisInvalidationBus, createSharedCache } from './platform/shared-cache.ts';
import { bodyDeadline, limitConnectionsPerAddress } from './platform/slow-clients.ts';
import { answerUnavailableWhileClosing, RETRY_AFTER_SECONDS } from './platform/unavailable.ts';
import { webPlugin } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Call (and await) after changing anything `GET /arc/user/info` shows of an agent (terms, profile, avatar):
     * drops the cached answer on every replica.
     */
    currentAgentChanged: (agentId: string) => Promise<void>;
    /**
     * Call (and await) after deleting grants outside the provider (a new password ends the agent's other
     * sessions): their access tokens are refused from the next call on, on every replica
     * (docs/decisions/identity-provider.md).
     */
    grantsEnded: (grantIds: readonly string[]) => Promise<void>;
    /**
     * new notifications to the agents' open portals on every replica (docs/decisions/notifications.md);
     * raiseNotification's `bus`
     */
    notificationBus: NotificationBus;
    /**
     * the background jobs on pg-boss (docs/decisions/imports-and-jobs.md): run by one replica, again after a restart
     */
    jobs: Jobs;
  }
}

export interface BuildAppOptions {
  /** pino options, or false for a silent app (tests) */
  logger?: boolean | Record<string, unknown>;
}

/** The largest request body a route takes unless it says otherwise (uploads do). */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const isHttps = config.publicUrl.startsWith('https://');
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // one access-log line per request instead of Fastify's two (platform/access-log.ts,
    // docs/decisions/request-pipeline.md)
    logController: new AccessLog(),
    // Client IPs (and so every per-IP rate limit) come from the socket unless TRUST_PROXY names the proxies in
    // front: trusting every hop would let any client pick its IP with a made-up X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // A connection that goes quiet (headers, then nothing) is closed after CONNECTION_IDLE_TIMEOUT_MS; a request
    // must arrive in full within REQUEST_TIMEOUT_MS, long enough for a 100 MB upload from a slow phone
    // (docs/configuration.md explains the numbers). Keep-alive stays Fastify's 72 s, above the idle timeout of
    // common load balancers.
    connectionTimeout: config.connectionIdleTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // answerUnavailableWhileClosing answers instead, with Retry-After and the API's error shape
    return503OnClosing: false,
    // what the router refuses before any route is found (a broken percent-encoding, a parameter over its length
    // limit) answers in the app's error shape too, not Fastify's `{ error, code: 'FST_ERR_…', statusCode }`
    frameworkErrors: (error, request, reply) => void errorHandler(error, request, reply),
  });
  // the headers of a request: a few kilobytes, so a client gets at most the idle timeout to send them
  app.server.headersTimeout = Math.min(config.connectionIdleTimeoutMs, config.requestTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('db', deps.database.db);
  answerUnavailableWhileClosing(app);
  // a slow client holds a connection for as long as an upload needs only on an upload route, and one address holds
  // a bounded number of connections (issue 43)
  bodyDeadline(app, { bodyTimeoutMs: config.bodyTimeoutMs });
  limitConnectionsPerAddress(app, { maxPerAddress: config.connectionsPerAddress });
  // before any route: every route's declared credential is enforced from here on (docs/decisions/route-access.md)
  await app.register(routeAccessPlugin);

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
  // With REDIS_URL, rate-limit counters and cache invalidations are shared by every replica
  // (docs/decisions/caches-and-replicas.md).
  const redis = config.redisUrl ? await createRedis(config.redisUrl) : undefined;
  const invalidationBus = redis ? createRedisInvalidationBus(redis, app.log) : undefined;
  app.addHook('onClose', async () => {
    await invalidationBus?.close();
    redis?.disconnect();
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
  });
  // before any route: each route gets its onSend hook when it is added
  await app.register(compressionPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'ARC API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'a signed-in agent' },
          integrationKey: { type: 'http', scheme: 'bearer', description: 'the integration key (STAFF_API_KEY)' },
          staffAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'a signed-in staff member' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // the documentation page and its assets: public, in a context of their own
  await app.register(async (docs) => {
    declarePublicContext(docs);
    await docs.register(swaggerUi, { routePrefix: '/arc/docs' });
  });

  // ── platform ───────────────────────────────────────────────────────────────────────────────────
  // Log Out ends the grant of the session; its access tokens are refused from the next call on, on every
  // replica (docs/decisions/identity-provider.md). The answer per grant is cached like user info, and dropped
  // everywhere when it ends.
  const grants = createGrantCheck({
    db: deps.database.db,
    cache: createSharedCache<boolean>({ name: 'grants', ttlMs: config.userCacheTtlMs, bus: invalidationBus }),
  });
  // An agent whose status is empty or inactive is refused on every call, cached the same way and dropped with
  // user info (currentAgentChanged below): its status is part of what user info shows.
  const agentStatus = createAgentStatusCheck({
    db: deps.database.db,
    cache: createSharedCache<boolean>({ name: 'agent-status', ttlMs: config.userCacheTtlMs, bus: invalidationBus }),
  });
  // Background jobs (docs/decisions/imports-and-jobs.md): pg-boss in the app's database, in its own schema; in-process on the embedded
  // one. Stopped on close, after the requests in flight: a run in progress finishes or is run again after a restart.
  const jobs = await startJobs({
    databaseUrl: deps.database.url,
    pglite: deps.database.pglite,
    runSchedules: config.runJobSchedules,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // a new notification reaches the agent's open portals on every replica, through Redis when configured
  app.decorate('notificationBus', createNotificationBus({ redis: invalidationBus, log: app.log }));
  app.decorate('grantsEnded', async (grantIds: readonly string[]) => {
    await Promise.all(grantIds.map((grantId) => grants.ended(grantId)));
  });
  await app.register(authPlugin, {
    issuer: config.oidcIssuer,
    audience: config.apiAudience,
    ...(config.isEmbeddedIssuer
      ? {
          jwks: publicJwks(deps.secrets),
          reloadJwks: async () => publicJwks(await loadOrCreateProviderSecrets(deps.database.db)),
          isGrantActive: grants.isActive,
          onGrantEnded: grants.onEnded,
        }
      : {}),
    isAgentActive: agentStatus.isActive,
    onAgentChanged: agentStatus.onChanged,
  });
  // staff calls' credential (docs/decisions/back-office.md and docs/decisions/route-access.md): before any staff route
  await app.register(staffAuthPlugin, { isGrantActive: grants.isActive, bus: invalidationBus });

  const isPublic = { auth: 'none' } as const;
  app.get('/healthz', { schema: { hide: true }, config: isPublic }, async () => ({ ok: true }));
  // Not ready while the database does not answer: the state is kept in memory and refreshed in the background
  // (platform/readiness.ts, docs/decisions/outages-readiness-backup.md), so a probe costs no database work; a failure
  // shows within a second. While the server shuts down, answerUnavailableWhileClosing answers 503 before this runs.
  const readiness = createReadiness(() => deps.database.ping());
  app.addHook('onReady', async () => {
    await readiness.firstAnswer;
  });
  app.addHook('onClose', async () => {
    await readiness.close();
  });
  app.get('/readyz', { schema: { hide: true }, config: isPublic }, async (_request, reply) => {
    if (readiness.isReady()) return { ready: true };
    return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ ready: false });
  });

  app.setErrorHandler(errorHandler);
  // before any module registers a route: addRoute puts this check on every agent call
  await app.register(termsGatePlugin, { bus: invalidationBus });

  // ── background and scheduled jobs (platform/jobs.ts): each area's jobs.ts declares its kinds ─────────────────
  await app.register(identityJobs);
  await app.register(accountJobs);
  await app.register(profileJobs);
  await app.register(auditJobs);
  await app.register(telemetryJobs);
  await app.register(suppliesJobs);
  await app.register(enrollmentsJobs);
  await app.register(pendedDigestJobs);
  await app.register(importJobsJobs);
  await app.register(staffTermsJobs);
  await app.register(soaJobs);

  // ── identity and business areas ────────────────────────────────────────────────────────────────
  await app.register(identityPlugin, { onGrantEnded: grants.ended, recordAudit });
  await app.register(accountRoutes);
  // User info is reused for a few seconds per agent (docs/decisions/caches-and-replicas.md). A change to what it shows
  // (terms accepted, a profile change) drops the agent's entry on every replica before the call answers
  // (docs/decisions/caches-and-replicas.md).
  const currentAgentCache = createSharedCache<CachedCurrentAgent>({
    name: 'current-agent',
    ttlMs: config.userCacheTtlMs,
    bus: invalidationBus,
  });
  app.decorate('currentAgentChanged', async (agentId: string) => {
    await Promise.all([currentAgentCache.invalidate(agentId), agentStatus.changed(agentId)]);
  });
  await app.register(profileRoutes, { currentAgentCache });
  await app.register(termsRoutes, { onAccepted: (agentId) => app.currentAgentChanged(agentId) });
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
  await app.register(contractsRoutes);
  await app.register(casesRoutes);
  await app.register(contentRoutes);
  await app.register(staffRoutes, { recordAudit });
  await app.register(staffAgentsRoutes);
  await app.register(staffMediaRoutes);
  await app.register(staffImportsRoutes);
  await app.register(staffStatementsRoutes);
  await app.register(staffContentRoutes);
  await app.register(importJobsRoutes);
  await app.register(auditRoutes);
  await app.register(staffOrdersRoutes);
  await app.register(staffCasesRoutes);
  await app.register(staffWorkRoutes);
  await app.register(staffTermsRoutes);
  await app.register(staffEnrollmentsRoutes);
  await app.register(staffJobsRoutes);
  await app.register(notificationsRoutes);
  await app.register(readyToSellRoutes);
  await app.register(disclaimerRoutes);
  await app.register(soaRoutes);
  await app.register(clientRoutes);
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
