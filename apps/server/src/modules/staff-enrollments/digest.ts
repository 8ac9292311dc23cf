import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { enrollmentDigestSends } from '../../db/schema/index.ts';
import { startPeriodicJob } from '../../platform/periodic-job.ts';
import { ENROLLMENTS_PAGE } from '../enrollments/service.ts';
import { getEmailSettings } from '../notifications/service.ts';
import { selectPendedByAgent } from './queries.ts';
import type { StaffEnrollmentsDeps } from './service.ts';

/** Every replica looks once an hour; the claimed rows make the week's digest go once per agent in all. */
export const DIGEST_CHECK_EVERY_MS = 60 * 60 * 1000;
/** The week's digest is due from Monday at this hour (business time zone). */
export const DIGEST_HOUR = 7;

/** The date and hour in the time zone, and its ISO 8601 week (`2026-W48`; weeks start on Monday). */
export function businessWeek(at: Date, timeZone: string): { week: string; weekday: number; hour: number } {
  const parts: Record<string, number> = {};
  for (const part of new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
  }).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const day = new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day));
  const weekday = day.getUTCDay() || 7; // Monday 1 … Sunday 7
  // the ISO week is the one holding this week's Thursday
  const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000);
  const isoYear = thursday.getUTCFullYear();
  const week = Math.ceil(((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { week: `${isoYear}-W${String(week).padStart(2, '0')}`, weekday, hour: parts.hour! };
}

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' });

/**
 * The weekly e-mail digest of each agent's open pended enrollments (issue 32, docs/decisions/enrollments.md). Any
 * replica may run it at any time: each agent's digest of the week is first claimed with one `insert … on conflict do
 * nothing` on (week, agent), and only the replica whose insert went in sends it (through the outbox). So two replicas
 * at once, or a restart in the same week, send it once. Agents who opted out of it on My Profile get none. Answers how
 * many digests this run sent.
 */
export async function sendPendedDigests(deps: StaffEnrollmentsDeps): Promise<number> {
  const now = deps.clock.now();
  const { week, weekday, hour } = businessWeek(now, deps.timeZone);
  if (weekday === 1 && hour < DIGEST_HOUR) return 0;
  const format = dayFormat(deps.timeZone);
  let sent = 0;
  for (const [agentId, agent] of await selectPendedByAgent(deps.db)) {
    if ((await getEmailSettings(deps, agentId)).optedOut.includes('enrollment-pended-digest')) continue;
    const claimed = await deps.db
      .insert(enrollmentDigestSends)
      .values({ week, agentId, sentAt: now })
      .onConflictDoNothing()
      .returning({ agentId: enrollmentDigestSends.agentId });
    if (claimed.length === 0) continue;
    const count = agent.pended.length;
    const lines = agent.pended.map((e) => {
      const client = [e.clientFirst, e.clientLast].filter(Boolean).join(' ') || 'A client';
      return `- ${client}${e.carrierName ? ` (${e.carrierName})` : ''}, received ${format.format(e.receivedAt)}: ${e.reason ?? 'see the portal'}`;
    });
    try {
      await deps.mailer.send({
        to: agent.email,
        subject: `${deps.config.providerName}: ${count === 1 ? '1 pended enrollment' : `${count} pended enrollments`} waiting for you`,
        text: `Hello ${agent.firstName},\n\n${count === 1 ? 'This enrollment is' : 'These enrollments are'} pended until what is missing comes in:\n\n${lines.join('\n')}\n\n${new URL(ENROLLMENTS_PAGE, deps.config.publicUrl).href}\n`,
      });
      sent += 1;
    } catch (err) {
      // not written to the outbox: the claim goes too, so the next run tries again
      await deps.db
        .delete(enrollmentDigestSends)
        .where(and(eq(enrollmentDigestSends.week, week), eq(enrollmentDigestSends.agentId, agentId)));
      throw err;
    }
  }
  return sent;
}

export function startPendedDigestJob(app: FastifyInstance, deps: StaffEnrollmentsDeps) {
  return startPeriodicJob({
    name: 'enrollment-pended-digest',
    everyMs: DIGEST_CHECK_EVERY_MS,
    log: app.log,
    job: async () => {
      const sent = await sendPendedDigests(deps);
      if (sent > 0) app.log.info({ sent }, 'pended-enrollment digests sent');
    },
  });
}
