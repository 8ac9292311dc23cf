import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { purgeOldActionTokens, sendRequestedLink, type AccountLinkRequest } from './service.ts';

/** The job each register or forgot-password request queues: the link e-mailed off the request. */
export const ACCOUNT_LINK_JOB = 'account-link-email';

/** The account links' jobs: each requested link's e-mail, and old links purged every 10 minutes. */
export async function accountJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, clock: app.deps.clock, mailer: app.deps.mailer, config: app.deps.config };
  await app.jobs.queue<AccountLinkRequest>(ACCOUNT_LINK_JOB, (request) => sendRequestedLink(deps, request), {
    label: 'Registration and password link e-mail',
  });
  await app.jobs.schedule(
    'account-link-purge',
    JOB_SCHEDULES.accountLinkPurge,
    () => purgeOldActionTokens(app.db, app.deps.clock.now()),
    { label: 'Account link purge' },
  );
}
