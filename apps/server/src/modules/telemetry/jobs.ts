import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeExpiredTelemetry } from './service.ts';

const PURGE = 'telemetry-retention-purge';

/** Telemetry's retention purge (TELEMETRY_RETENTION_DAYS), a scheduled job; off (and unscheduled) at 0. */
export async function telemetryJobs(app: FastifyInstance): Promise<void> {
  const { config, clock } = app.deps;
  if (config.telemetryRetentionDays <= 0) return app.jobs.unschedule(PURGE);
  await app.jobs.schedule(
    PURGE,
    JOB_SCHEDULES.telemetryRetentionPurge,
    async () => {
      const purged = await purgeExpiredTelemetry({ db: app.db, clock }, config.telemetryRetentionDays);
      if (purged > 0) {
        app.log.info({ purged, retentionDays: config.telemetryRetentionDays }, 'telemetry events purged');
      }
    },
    { label: 'Telemetry retention purge' },
  );
}
