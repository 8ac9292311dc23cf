import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeExpiredOrderRequests } from './service.ts';

/** Supply orders' expired idempotency keys, purged hourly (a scheduled job). */
export async function suppliesJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.deps.clock };
  await app.jobs.schedule(
    'supply-idempotency-key-purge',
    JOB_SCHEDULES.supplyRequestPurge,
    () => purgeExpiredOrderRequests(deps),
    { label: 'Supply order key purge' },
  );
}
