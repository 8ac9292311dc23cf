import type * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';

let sentry: typeof Sentry | undefined;

/**
 * The server's own errors go to Sentry through @sentry/node when SENTRY_DSN is set
 * (docs/decisions/dependencies-and-error-reporting.md): started once per process (the SDK's client is global), for
 * errors only: no OpenTelemetry tracing, no module loader hooks, none of its default integrations, so no request data
 * (bodies, cookies, headers) is attached. It captures what the error handler answers with a 5xx, and uncaught
 * exceptions and unhandled rejections. Without a DSN the SDK is never loaded. Error events the browser reports (POST
 * /arc/telemetry) are forwarded as they are by `forwardToSentry` (platform/telemetry.ts).
 */
export async function startSentry(options: { dsn: string | undefined }): Promise<void> {
  if (!options.dsn || sentry) return;
  const sdk = await import('@sentry/node');
  sdk.init({
    dsn: options.dsn,
    // errors only: no OpenTelemetry tracing, no module loader hooks, no request data
    skipOpenTelemetrySetup: true,
    registerEsmLoaderHooks: false,
    sendDefaultPii: false,
    defaultIntegrations: false,
    integrations: [
      sdk.onUncaughtExceptionIntegration(),
      sdk.onUnhandledRejectionIntegration(),
      sdk.linkedErrorsIntegration(),
    ],
  });
  sentry = sdk;
}

/** A request that failed with a 5xx: the error with its route, method, request id and agent (no body, no headers). */
export function captureRequestError(error: unknown, request: FastifyRequest): void {
  sentry?.captureException(error, {
    tags: { route: request.routeOptions.url ?? 'none', method: request.method },
    extra: { requestId: request.id },
    ...(request.agentId ? { user: { id: request.agentId } } : {}),
  });
}

/** Sends what is queued (at shutdown), waiting at most `timeoutMs`. */
export async function flushSentry(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
