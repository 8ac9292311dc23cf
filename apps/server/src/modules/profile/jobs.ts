import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeOldEmailChanges } from './service.ts';

/** E-mail changes past their links, purged every 10 minutes (a scheduled job). */
export async function profileJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.schedule(
    'email-change-purge',
    JOB_SCHEDULES.emailChangePurge,
    () => purgeOldEmailChanges(app.db, app.deps.clock.now()),
    { label: 'E-mail change purge' },
  );
}
