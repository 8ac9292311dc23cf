import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../platform/job-schedules.ts';
import { purgeIdentityRows } from './purge.ts';

/** Expired provider rows and stale sign-in throttles, purged every 10 minutes (a scheduled job). */
export async function identityJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.schedule('identity-purge', JOB_SCHEDULES.identityPurge, () => purgeIdentityRows(app.db), {
    label: 'Sign-in session purge',
  });
}
