import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../platform/periodic-job.ts';
import { purgeExpiredAudit } from './service.ts';

/** Hourly: cheap on the occurred_at index, and a server restarted often still purges. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The audit log's retention purge (AUDIT_RETENTION_DAYS), on the platform's periodic job runner. */
export async function auditJobs(app: FastifyInstance): Promise<void> {
  const { config, clock } = app.deps;
  if (config.auditRetentionDays <= 0) return;
  const stop = startPeriodicJob({
    name: 'audit-retention-purge',
    everyMs: PURGE_EVERY_MS,
    log: app.log,
    job: async () => {
      const purged = await purgeExpiredAudit({ db: app.db, clock }, config.auditRetentionDays);
      if (purged > 0) app.log.info({ purged, retentionDays: config.auditRetentionDays }, 'audit records purged');
    },
  });
  app.addHook('onClose', async () => stop());
}
