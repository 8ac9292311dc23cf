import type { FastifyInstance } from 'fastify';
import { JOB_SCHEDULES } from '../../platform/job-schedules.ts';
import { ENROLLMENTS_PAGE } from '../enrollments/service.ts';
import { getEmailSettings } from '../notifications/service.ts';
import { selectPendedByAgent } from './queries.ts';
import type { StaffEnrollmentsDeps } from './service.ts';

/** The weekly job: one e-mail job per agent who has pended enrollments. */
export const PENDED_DIGEST_JOB = 'enrollment-pended-digest';
/** One agent's digest e-mail. */
export const PENDED_DIGEST_MAIL_JOB = 'enrollment-pended-digest-mail';

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' });

/**
 * The weekly e-mail digest of each agent's open pended enrollments (issue 32, docs/decisions/enrollments.md), on a pg-boss schedule
 * (Mondays 07:00 in the business time zone): pg-boss sends each occurrence once across the replicas, and one missed
 * while none ran is sent when one is back. The week's run queues one job per agent (in one statement: all or
 * none), so a failed e-mail is retried for its agent alone and no agent gets the week's digest twice. Agents who
 * opted out of it on My Profile get none. Answers how many agents it queued.
 */
export async function queuePendedDigests(
  deps: Pick<StaffEnrollmentsDeps, 'db'>,
  queue: (agents: { agentId: string }[]) => Promise<void>,
): Promise<number> {
  const due: { agentId: string }[] = [];
  for (const agentId of (await selectPendedByAgent(deps.db)).keys()) {
    if ((await getEmailSettings(deps, agentId)).optedOut.includes('enrollment-pended-digest')) continue;
    due.push({ agentId });
  }
  await queue(due);
  return due.length;
}

/** One agent's digest (through the outbox): their open pended enrollments now; none left, no e-mail. */
export async function sendPendedDigest(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'mailer' | 'config' | 'timeZone'>,
  agentId: string,
): Promise<boolean> {
  const agent = (await selectPendedByAgent(deps.db, agentId)).get(agentId);
  if (!agent) return false;
  const format = dayFormat(deps.timeZone);
  const count = agent.pended.length;
  const lines = agent.pended.map((e) => {
    const client = [e.clientFirst, e.clientLast].filter(Boolean).join(' ') || 'A client';
    return `- ${client}${e.carrierName ? ` (${e.carrierName})` : ''}, received ${format.format(e.receivedAt)}: ${e.reason ?? 'see the portal'}`;
  });
  await deps.mailer.send({
    to: agent.email,
    subject: `${deps.config.providerName}: ${count === 1 ? '1 pended enrollment' : `${count} pended enrollments`} waiting for you`,
    text: `Hello ${agent.firstName},\n\n${count === 1 ? 'This enrollment is' : 'These enrollments are'} pended until what is missing comes in:\n\n${lines.join('\n')}\n\n${new URL(ENROLLMENTS_PAGE, deps.config.publicUrl).href}\n`,
  });
  return true;
}

/** The digest's two job kinds: the weekly schedule and each agent's e-mail. */
export async function pendedDigestJobs(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const deps = { db: app.db, mailer: app.deps.mailer, config, timeZone: config.businessTimeZone };
  await app.jobs.queue<{ agentId: string }>(
    PENDED_DIGEST_MAIL_JOB,
    async ({ agentId }) => {
      await sendPendedDigest(deps, agentId);
    },
    { label: 'Pended-enrollment digest e-mail' },
  );
  await app.jobs.schedule(
    PENDED_DIGEST_JOB,
    JOB_SCHEDULES.pendedDigest(config.businessTimeZone),
    async () => {
      const queued = await queuePendedDigests(deps, (agents) => app.jobs.sendMany(PENDED_DIGEST_MAIL_JOB, agents));
      if (queued > 0) app.log.info({ queued }, 'pended-enrollment digests queued');
    },
    { label: 'Weekly pended-enrollment digest' },
  );
}
