import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeOldUploadQuota } from './service.ts';

/** The upload quota's rows of past days, purged hourly (a scheduled job). */
export async function enrollmentsJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.deps.clock, timeZone: app.deps.config.businessTimeZone };
  await app.jobs.schedule('upload-quota-purge', JOB_SCHEDULES.uploadQuotaPurge, () => purgeOldUploadQuota(deps), {
    label: 'Upload quota purge',
  });
}
