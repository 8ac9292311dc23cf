import type { FastifyInstance } from 'fastify';
import { sendTermsNotices, sendTermsReminders, type TermsNotices, type TermsReminders } from './service.ts';

/** The job a reminder queues: its notifications' live fan-out and e-mails, off the request (issue 47). */
export const TERMS_REMINDERS_JOB = 'terms-reminder-notices';

/** The job a publication queues: its notifications' live fan-out and e-mails, off the request. */
export const TERMS_NOTICES_JOB = 'terms-updated-notices';

export async function staffTermsJobs(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, bus: app.notificationBus, mailer: app.deps.mailer, config: app.deps.config };
  await app.jobs.queue<TermsNotices>(TERMS_NOTICES_JOB, (notices) => sendTermsNotices(deps, notices), {
    label: 'Terms update notices',
    // a run cut half-way would e-mail its first agents again: retried by an admin on /staff/jobs, knowingly
    retries: 0,
  });
  await app.jobs.queue<TermsReminders>(TERMS_REMINDERS_JOB, (reminders) => sendTermsReminders(deps, reminders), {
    label: 'Terms reminders',
    // as above: a run cut half-way would e-mail its first agents again
    retries: 0,
  });
}
