import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeExpiredSoas } from './service.ts';

/** The SOA retention purge, daily (a scheduled job; an admin can also run it at once: purgeSoas). */
export async function soaJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.deps.clock, storage: app.deps.storage };
  await app.jobs.schedule(
    'soa-retention-purge',
    JOB_SCHEDULES.soaRetentionPurge,
    async () => {
      const purged = await purgeExpiredSoas(deps, { staffId: null, ip: null });
      if (purged > 0) app.log.info({ purged }, 'SOAs past retention purged');
    },
    { label: 'Scope of Appointment retention purge' },
  );
}
