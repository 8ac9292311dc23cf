import type { TelemetryEvent } from '@arc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { forwardToSentry } from '../../platform/sentry.ts';
import { randomId } from '../../platform/tokens.ts';
import { insertTelemetryEvent } from './queries.ts';

export interface TelemetryDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  sentryDsn: string | undefined;
}

/** Stores and logs a tracked event; error events also go to Sentry when it is configured. */
export async function recordTelemetry(deps: TelemetryDeps, agentId: string | null, event: TelemetryEvent): Promise<void> {
  const createdAt = deps.clock.now();
  await insertTelemetryEvent(deps.db, { id: randomId(), agentId, event: event.event, data: event.data ?? null, createdAt });
  deps.log.info({ telemetry: event.event, agentId, data: event.data }, 'telemetry event');
  if (deps.sentryDsn && /error|fail/i.test(event.event)) {
    void forwardToSentry(deps.sentryDsn, { message: event.event, extra: event.data ?? {}, user: agentId, at: createdAt }).catch(
      (err: unknown) => deps.log.warn({ err }, 'could not forward to Sentry'),
    );
  }
}
