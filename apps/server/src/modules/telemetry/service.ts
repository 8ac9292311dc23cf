import type { TelemetryEvent } from '@arc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { captureBrowserError } from '../../platform/sentry.ts';
import { isErrorEvent } from '../../platform/telemetry.ts';
import { randomId } from '../../platform/tokens.ts';
import { deleteTelemetryBefore, insertTelemetryEvent } from './queries.ts';

export interface TelemetryDeps {
  db: Db;
  clock: Clock;
  sentryDsn: string | undefined;
}

export interface RecordTelemetryOptions {
  agentId: string | null;
  event: TelemetryEvent;
  /** the request's logger, so the line carries the request id */
  log: FastifyBaseLogger;
}

/** Stores and logs a tracked event; error events also go to Sentry when it is configured. */
export async function recordTelemetry(
  deps: TelemetryDeps,
  { agentId, event, log }: RecordTelemetryOptions,
): Promise<void> {
  const at = deps.clock.now();
  const data = event.data ?? null;
  await insertTelemetryEvent(deps.db, { id: randomId(), agentId, event: event.event, data, createdAt: at });
  log.info({ telemetry: event.event, agentId, data }, 'telemetry event');
  if (deps.sentryDsn && isErrorEvent(event.event)) {
    // Fire and forget: reporting must never slow down or fail the caller.
    captureBrowserError(deps.sentryDsn, { event: event.event, data: data ?? {}, agentId, at }).catch((err: unknown) =>
      log.warn({ err }, 'could not hand the event to Sentry'),
    );
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the events older than `retentionDays` (TELEMETRY_RETENTION_DAYS; 0 keeps them); answers how many. */
export async function purgeExpiredTelemetry(deps: { db: Db; clock: Clock }, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  return deleteTelemetryBefore(deps.db, new Date(deps.clock.now().getTime() - retentionDays * DAY_MS));
}
