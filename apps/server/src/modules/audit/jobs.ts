import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeExpiredAudit } from './service.ts';

const PURGE = 'audit-retention-purge';

/** The audit log's retention purge (AUDIT_RETENTION_DAYS), a scheduled job; off (and unscheduled) at 0. */
export async function auditJobs(app: FastifyInstance): Promise<void> {
  const { config, clock } = app.deps;
  if (config.auditRetentionDays <= 0) return app.jobs.unschedule(PURGE);
  await app.jobs.schedule(
    PURGE,
    JOB_SCHEDULES.auditRetentionPurge,
    async () => {
      const purged = await purgeExpiredAudit({ db: app.db, clock }, config.auditRetentionDays);
      if (purged > 0) app.log.info({ purged, retentionDays: config.auditRetentionDays }, 'audit records purged');
    },
    { label: 'Audit log retention purge' },
  );
}
