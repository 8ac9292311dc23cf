import type * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';

let sentry: typeof Sentry | undefined;
/** the SDK's start for the DSN it was started with */
let starting: { dsn: string; done: Promise<void> } | undefined;

/**
 * The server's own errors go to Sentry through @sentry/node when SENTRY_DSN is set
 * (docs/decisions/dependencies-and-error-reporting.md): started once per process (the SDK's client is global), for
 * errors only (a second start with another DSN, as a second app in one test process, starts it again for that DSN): no
 * OpenTelemetry tracing, no module loader hooks, none of its default integrations, so no request data
 * (bodies, cookies, headers) is attached. It captures what the error handler answers with a 5xx, and uncaught
 * exceptions and unhandled rejections, and the error events the browser reports (`captureBrowserError`). Without a
 * DSN the SDK is never loaded.
 */
export async function startSentry(options: { dsn: string | undefined }): Promise<void> {
  if (!options.dsn) return;
  if (starting?.dsn !== options.dsn) starting = { dsn: options.dsn, done: start(options.dsn) };
  await starting.done;
}

async function start(dsn: string): Promise<void> {
  const sdk = await import('@sentry/node');
  sdk.init({
    dsn,
    // the browser's events keep the data it sent (the contract allows 8 levels)
    normalizeDepth: 10,
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

/** An error event a browser reported (POST /arc/telemetry): its name, its data and who was signed in. */
export interface BrowserError {
  /** the tracked event's name, such as `client_error` */
  event: string;
  data: Record<string, unknown>;
  agentId: string | null;
  at: Date;
}

/**
 * Sends a browser's error event through the SDK's own transport (its queue, rate limits and retries), as the browser
 * reported it: the name and message as the event's message, the data as extra, the agent as the user. Starts the SDK
 * when the server has not yet (a test app). Never throws; the SDK drops what Sentry refuses.
 */
export async function captureBrowserError(dsn: string, report: BrowserError): Promise<void> {
  await startSentry({ dsn });
  const message = typeof report.data.message === 'string' ? `${report.event}: ${report.data.message}` : report.event;
  sentry?.captureEvent({
    level: 'error',
    platform: 'javascript',
    logger: 'arc.telemetry',
    message: message.slice(0, 1000),
    timestamp: report.at.getTime() / 1000,
    tags: { event: report.event },
    extra: report.data,
    ...(report.agentId ? { user: { id: report.agentId } } : {}),
  });
}
