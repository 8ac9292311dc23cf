import { randomUUID } from 'node:crypto';

/** The contract's naming rule: `client_error`, `register_failed` and the like are errors. */
export const isErrorEvent = (event: string): boolean => /(^|_)(error|failed)$/.test(event);

export interface ErrorReport {
  /** the tracked event's name, such as `client_error` */
  event: string;
  data: Record<string, unknown>;
  agentId: string | null;
  at: Date;
}

interface SentryTarget {
  endpoint: string;
  publicKey: string;
}

/**
 * A DSN is `{protocol}://{publicKey}@{host}{/path}/{projectId}`; events go to `{/path}/api/{projectId}/envelope/`
 * (the envelope endpoint: Sentry deprecated the older `/store/` one).
 */
export function sentryTarget(dsn: string): SentryTarget {
  const url = new URL(dsn);
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId) throw new Error('SENTRY_DSN must look like https://<key>@<host>/<project>');
  const prefix = segments.length > 0 ? `/${segments.join('/')}` : '';
  return { endpoint: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`, publicKey: url.username };
}

/** One error event as a Sentry envelope: a header line, an item header line and the event. */
export function sentryEnvelope(dsn: string, report: ErrorReport): string {
  const eventId = randomUUID().replaceAll('-', '');
  const message = typeof report.data.message === 'string' ? `${report.event}: ${report.data.message}` : report.event;
  const event = {
    event_id: eventId,
    timestamp: report.at.toISOString(),
    platform: 'javascript',
    level: 'error',
    logger: 'arc.telemetry',
    message: { formatted: message.slice(0, 1000) },
    tags: { event: report.event },
    extra: report.data,
    ...(report.agentId ? { user: { id: report.agentId } } : {}),
  };
  return [
    JSON.stringify({ event_id: eventId, dsn, sent_at: report.at.toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
}

/** Sends one error event to Sentry with fetch (no SDK); rejects on a network error or a non-2xx answer. */
export async function forwardToSentry(dsn: string, report: ErrorReport): Promise<void> {
  const target = sentryTarget(dsn);
  const response = await fetch(target.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-sentry-envelope',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=arc-telemetry/1.0`,
    },
    body: sentryEnvelope(dsn, report),
    signal: AbortSignal.timeout(5000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`Sentry answered HTTP ${response.status}`);
}
