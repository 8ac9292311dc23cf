import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../platform/periodic-job.ts';
import { purgeExpiredTelemetry } from './service.ts';

/** Hourly, like the audit purge: a server restarted often still purges. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Telemetry's retention purge (TELEMETRY_RETENTION_DAYS), on the platform's periodic job runner. */
export async function telemetryJobs(app: FastifyInstance): Promise<void> {
  const { config, clock } = app.deps;
  if (config.telemetryRetentionDays <= 0) return;
  const stop = startPeriodicJob({
    name: 'telemetry-retention-purge',
    everyMs: PURGE_EVERY_MS,
    log: app.log,
    job: async () => {
      const purged = await purgeExpiredTelemetry({ db: app.db, clock }, config.telemetryRetentionDays);
      if (purged > 0) {
        app.log.info({ purged, retentionDays: config.telemetryRetentionDays }, 'telemetry events purged');
      }
    },
  });
  app.addHook('onClose', async () => stop());
}
