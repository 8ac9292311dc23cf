import { randomUUID } from 'node:crypto';

export interface SentryEvent {
  message: string;
  extra: Record<string, unknown>;
  user: string | null;
  at: Date;
}

/** Sends one event to Sentry's envelope endpoint with fetch (no SDK): DSN https://<key>@<host>/<project>. */
export async function forwardToSentry(dsn: string, event: SentryEvent): Promise<void> {
  const url = new URL(dsn);
  const project = url.pathname.replace(/^\//, '');
  const endpoint = `${url.protocol}//${url.host}/api/${project}/envelope/`;
  const eventId = randomUUID().replaceAll('-', '');
  const payload = {
    event_id: eventId,
    timestamp: event.at.toISOString(),
    platform: 'javascript',
    level: 'error',
    message: { formatted: event.message },
    extra: event.extra,
    ...(event.user ? { user: { id: event.user } } : {}),
  };
  const body = [JSON.stringify({ event_id: eventId, dsn }), JSON.stringify({ type: 'event' }), JSON.stringify(payload)].join('\n');
  await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-sentry-envelope',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${url.username}, sentry_client=arc/1.0`,
    },
    body,
    signal: AbortSignal.timeout(5000),
  });
}
