import type { FastifyInstance } from 'fastify';
import { sendTermsNotices, type TermsNotices } from './service.ts';

/** The job a publication queues: its notifications' live fan-out and e-mails, off the request. */
export const TERMS_NOTICES_JOB = 'terms-updated-notices';

export async function staffTermsJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, bus: app.notificationBus, mailer: app.deps.mailer, config: app.deps.config };
  await app.jobs.queue<TermsNotices>(TERMS_NOTICES_JOB, (notices) => sendTermsNotices(deps, notices), {
    label: 'Terms update notices',
    // a run cut half-way would e-mail its first agents again: retried by an admin on /staff/jobs, knowingly
    retries: 0,
  });
}
