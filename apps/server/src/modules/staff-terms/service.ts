import {
  paths,
  STAFF_TERMS_MESSAGES,
  STAFF_TERMS_REMINDER_MESSAGES,
  TERMS_ACCEPTANCES_PAGE_SIZE,
  TERMS_NOT_ACCEPTED_PAGE_SIZE,
  TERMS_REMINDER_INTERVAL_HOURS,
  termsReminderMessage,
  type RemindTerms,
  type PublishTerms,
  type StaffTermsVersion,
  type StaffTermsVersionDetail,
  type TermsAcceptanceList,
  type TermsDraft,
  type TermsNotAcceptedList,
  type TermsReminderResult,
  type TermsVersionStatus,
} from '@arc/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { cleanRichText } from '../../platform/rich-text.ts';
import { keysetRows } from '../../platform/xlsx.ts';
import { recordAudit } from '../audit/service.ts';
import type { NotificationsDeps } from '../notifications/service.ts';
import type { CurrentTerms } from '../terms/service.ts';
import {
  claimReminders,
  countAcceptances,
  countNotAccepted,
  countPendingAmong,
  insertDraft,
  insertNotificationForActiveAgents,
  publishDraft,
  selectAcceptances,
  selectCurrentId,
  selectEmailRecipients,
  selectEmailRecipientsAmong,
  selectLastSignIns,
  selectNotAccepted,
  selectVersion,
  selectVersionTitle,
  selectVersions,
  updateDraft,
  versionExists,
  type AcceptancePosition,
  type AcceptanceRow,
  type NotAcceptedPosition,
  type NotAcceptedRow,
  type VersionRow,
} from './queries.ts';

export interface StaffTermsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'providerName'>;
  /** the live fan-out of new notifications (`app.notificationBus`) */
  bus: NotificationsDeps['bus'];
  /** told when a version is published, so every replica's gate and user info see it at once */
  currentTerms: Pick<CurrentTerms, 'changed'>;
  /**
   * queues the work after the answer, the live fan-out and the e-mails of a publication (thousands of agents): the
   * job ./jobs.ts runs with `sendTermsNotices`
   */
  queueNotices: (notices: TermsNotices) => Promise<void>;
  /** queues a reminder's live fan-out and e-mails (everyone may be thousands): the job ./jobs.ts runs with `sendTermsReminders` */
  queueReminders: (reminders: TermsReminders) => Promise<void>;
}

/** A publication's notices: the notifications written (one per active agent) and the e-mail's words. */
export interface TermsNotices {
  title: string;
  body: string;
  link: string;
  notifications: { agentId: string; id: number }[];
}

export interface StaffActor {
  staff: { id: string; email: string };
  ip: string;
}

const TERMS_UPDATED = 'terms-updated';

function statusOf(row: Pick<VersionRow, 'id' | 'publishedAt'>, currentId: number | undefined, now: Date) {
  if (!row.publishedAt) return 'draft' satisfies TermsVersionStatus;
  if (row.publishedAt > now) return 'scheduled' satisfies TermsVersionStatus;
  return row.id === currentId ? 'published' : 'superseded';
}

const toVersion = (row: VersionRow, currentId: number | undefined, now: Date): StaffTermsVersion => ({
  id: row.id,
  title: row.title,
  status: statusOf(row, currentId, now),
  effectiveAt: row.publishedAt,
  publishedBy: row.publishedBy,
  publishedAt: row.publishRecordedAt,
  updatedAt: row.updatedAt,
  acceptances: row.acceptances,
});

export async function listVersions(deps: Pick<StaffTermsDeps, 'db' | 'clock'>): Promise<StaffTermsVersion[]> {
  const now = deps.clock.now();
  const [rows, currentId] = await Promise.all([selectVersions(deps.db), selectCurrentId(deps.db, now)]);
  return rows.map((row) => toVersion(row, currentId, now));
}

export async function getVersion(
  deps: Pick<StaffTermsDeps, 'db' | 'clock'>,
  id: number,
): Promise<StaffTermsVersionDetail> {
  const now = deps.clock.now();
  const [row, currentId] = await Promise.all([selectVersion(deps.db, id), selectCurrentId(deps.db, now)]);
  if (!row) throw new AppError('NOT_FOUND', STAFF_TERMS_MESSAGES.notFound);
  return { ...toVersion(row, currentId, now), body: row.body };
}

/** The draft as stored: the title trimmed (the schema), the text cleaned, a script or a handler refused (400). */
const cleanDraft = (draft: TermsDraft) => ({ title: draft.title, body: cleanRichText(draft.body, 'body') });

export async function createDraft(deps: StaffTermsDeps, actor: StaffActor, draft: TermsDraft) {
  const clean = cleanDraft(draft);
  const now = deps.clock.now();
  const id = await insertDraft(deps.db, { ...clean, createdBy: actor.staff.id, at: now });
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'terms.drafted',
    subject: String(id),
    detail: { title: clean.title, isNew: true },
  });
  return getVersion(deps, id);
}

export async function editDraft(deps: StaffTermsDeps, actor: StaffActor, id: number, draft: TermsDraft) {
  const clean = cleanDraft(draft);
  if (!(await updateDraft(deps.db, id, { ...clean, at: deps.clock.now() }))) await refuseNotDraft(deps.db, id);
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'terms.drafted',
    subject: String(id),
    detail: { title: clean.title, isNew: false },
  });
  return getVersion(deps, id);
}

async function refuseNotDraft(db: Db, id: number): Promise<never> {
  if (!(await versionExists(db, id))) throw new AppError('NOT_FOUND', STAFF_TERMS_MESSAGES.notFound);
  throw new AppError('CONFLICT', STAFF_TERMS_MESSAGES.notDraft);
}

/**
 * Publishes a draft from `effectiveAt` (now when null or past). Every replica's terms gate and user info read the
 * version in force again before the answer leaves (docs/decisions/terms.md); a scheduled version applies at its moment
 * by itself. Every active agent gets an "updated terms" notification: the rows in one statement, the live fan-out
 * and the e-mails (per the kind's opt-out) after the answer.
 */
export async function publishVersion(deps: StaffTermsDeps, actor: StaffActor, id: number, input: PublishTerms) {
  const now = deps.clock.now();
  const effectiveAt = input.effectiveAt && input.effectiveAt > now ? input.effectiveAt : now;
  if (!(await publishDraft(deps.db, id, { effectiveAt, by: actor.staff.id, at: now }))) {
    await refuseNotDraft(deps.db, id);
  }
  await deps.currentTerms.changed();
  const version = await getVersion(deps, id);
  const notified = await notifyAgents(deps, version.title, effectiveAt, now);
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'terms.published',
    subject: String(id),
    detail: { effectiveAt: effectiveAt.toISOString(), notified },
  });
  return version;
}

const dateText = (at: Date) =>
  at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

async function notifyAgents(deps: StaffTermsDeps, title: string, effectiveAt: Date, now: Date): Promise<number> {
  const body =
    effectiveAt > now
      ? `New terms of service ("${title}") take effect on ${dateText(effectiveAt)}. You will be asked to accept them then.`
      : `New terms of service ("${title}") are in force. Please read and accept them to keep using the portal.`;
  const notification = { kind: TERMS_UPDATED, title: 'Updated Terms of Service', body, link: paths.termsGate };
  const rows = await insertNotificationForActiveAgents(deps.db, { ...notification, at: now });
  await deps.queueNotices({
    title: notification.title,
    body,
    link: notification.link,
    notifications: rows.map((row) => ({ agentId: row.agentId, id: row.id })),
  });
  return rows.length;
}

/** The job of a publication: its notifications to the agents' open portals, then the e-mails. */
export async function sendTermsNotices(
  deps: Pick<StaffTermsDeps, 'db' | 'bus' | 'mailer' | 'config'>,
  notices: TermsNotices,
): Promise<void> {
  for (const row of notices.notifications) await deps.bus.publish(row.agentId, row.id);
  const link = new URL(notices.link, deps.config.publicUrl).href;
  for (const agent of await selectEmailRecipients(deps.db, TERMS_UPDATED)) {
    await deps.mailer.send({
      to: agent.email,
      subject: `${deps.config.providerName}: ${notices.title}`,
      text: `Hello ${agent.firstName},\n\n${notices.body}\n\n${link}\n`,
    });
  }
}

// ── acceptance history ────────────────────────────────────────────────────────────────────────────────

export async function listAcceptances(
  deps: Pick<StaffTermsDeps, 'db'>,
  query: { version?: number | undefined; page: number },
): Promise<TermsAcceptanceList> {
  const filter = { version: query.version };
  const [rows, total] = await Promise.all([
    selectAcceptances(deps.db, filter, {
      limit: TERMS_ACCEPTANCES_PAGE_SIZE,
      offset: (query.page - 1) * TERMS_ACCEPTANCES_PAGE_SIZE,
    }),
    countAcceptances(deps.db, filter),
  ]);
  return {
    rows: rows.map((row) => ({
      npn: row.npn,
      name: agentName(row),
      version: row.version,
      acceptedAt: row.acceptedAt,
    })),
    total,
    page: query.page,
    pageSize: TERMS_ACCEPTANCES_PAGE_SIZE,
  };
}

export const agentName = (row: Pick<AcceptanceRow, 'firstName' | 'lastName'>) =>
  `${row.firstName} ${row.lastName}`.trim();

/** Every acceptance matching the filter, newest first, read in keyset pages (for the streamed export). */
export async function acceptancesForExport(
  deps: Pick<StaffTermsDeps, 'db' | 'clock'>,
  actor: StaffActor,
  version: number | undefined,
): Promise<AsyncGenerator<AcceptanceRow>> {
  // the export is itself a staff action: recorded before the first byte goes out
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'terms.acceptances-exported',
    subject: version === undefined ? 'all versions' : String(version),
    detail: version === undefined ? {} : { version },
  });
  return keysetRows<AcceptanceRow, AcceptancePosition>({
    page: (after, limit) => selectAcceptances(deps.db, { version }, { limit, after }),
    key: (row) => ({ acceptedAt: row.acceptedAt, version: row.version, agentId: row.agentId }),
    pageSize: 1000,
  });
}

// ── who has not accepted the version in force, and the reminder (issue 47) ───────────────────────────────

/** The version in force now, or undefined when none is. */
async function versionInForce(deps: Pick<StaffTermsDeps, 'db'>, now: Date) {
  const id = await selectCurrentId(deps.db, now);
  return id === undefined ? undefined : selectVersionTitle(deps.db, id);
}

export async function listNotAccepted(
  deps: Pick<StaffTermsDeps, 'db' | 'clock'>,
  query: { q?: string | undefined; page: number },
): Promise<TermsNotAcceptedList> {
  const page = { page: query.page, pageSize: TERMS_NOT_ACCEPTED_PAGE_SIZE };
  const version = await versionInForce(deps, deps.clock.now());
  if (!version) return { version: null, rows: [], total: 0, ...page };
  const filter = { version: version.id, q: query.q || undefined };
  const [rows, total] = await Promise.all([
    selectNotAccepted(deps.db, filter, {
      limit: TERMS_NOT_ACCEPTED_PAGE_SIZE,
      offset: (query.page - 1) * TERMS_NOT_ACCEPTED_PAGE_SIZE,
    }),
    countNotAccepted(deps.db, filter),
  ]);
  const signIns = await selectLastSignIns(
    deps.db,
    rows.map((row) => row.agentId),
  );
  return {
    version: { id: version.id, title: version.title },
    rows: rows.map((row) => ({
      npn: row.npn,
      name: agentName(row),
      email: row.email,
      lastSignInAt: signIns.get(row.agentId) ?? null,
      remindedAt: row.remindedAt,
    })),
    total,
    ...page,
  };
}

export type NotAcceptedExportRow = NotAcceptedRow & { lastSignInAt: Date | null };

/**
 * The agents who have not accepted the version in force (matching the search), read in keyset pages for the streamed
 * export, each page with its last sign-ins; 409 when no version is in force. The export is audited before its first
 * byte.
 */
export async function notAcceptedForExport(
  deps: Pick<StaffTermsDeps, 'db' | 'clock'>,
  actor: StaffActor,
  q: string | undefined,
): Promise<{ version: number; rows: AsyncGenerator<NotAcceptedExportRow> }> {
  const version = await versionInForce(deps, deps.clock.now());
  if (!version) throw new AppError('CONFLICT', STAFF_TERMS_REMINDER_MESSAGES.noVersion);
  const filter = { version: version.id, q: q || undefined };
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'terms.not-accepted-exported',
    subject: String(version.id),
    detail: filter.q ? { q: filter.q } : {},
  });
  const pages = keysetRows<NotAcceptedRow, NotAcceptedPosition>({
    page: (after, limit) => selectNotAccepted(deps.db, filter, { limit, after }),
    key: (row) => ({ lastName: row.lastName, firstName: row.firstName, npn: row.npn }),
    pageSize: 1000,
  });
  async function* withSignIns(): AsyncGenerator<NotAcceptedExportRow> {
    let batch: NotAcceptedRow[] = [];
    const flush = async function* () {
      const signIns = await selectLastSignIns(
        deps.db,
        batch.map((row) => row.agentId),
      );
      for (const row of batch) yield { ...row, lastSignInAt: signIns.get(row.agentId) ?? null };
      batch = [];
    };
    for await (const row of pages) {
      batch.push(row);
      if (batch.length === 1000) yield* flush();
    }
    yield* flush();
  }
  return { version: version.id, rows: withSignIns() };
}

/** A reminder's notices: the notifications written (one per agent reminded) and the e-mail's words. */
export interface TermsReminders {
  subject: string;
  body: string;
  link: string;
  notifications: { agentId: string; id: number }[];
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Reminds one agent, a selection or everyone who has not accepted the version in force: an "updated terms"
 * notification in the portal and an e-mail asking them to sign in and accept. An agent reminded in the last 24 hours
 * is skipped (counted in the answer); an NPN of someone who need not accept (accepted meanwhile, not active, unknown)
 * is counted apart. The reminders and their notifications are one statement; the live fan-out and e-mails follow
 * after the answer (a job).
 */
export async function remindNotAccepted(
  deps: StaffTermsDeps,
  actor: StaffActor,
  input: RemindTerms,
): Promise<TermsReminderResult> {
  const now = deps.clock.now();
  const version = await versionInForce(deps, now);
  if (!version) throw new AppError('CONFLICT', STAFF_TERMS_REMINDER_MESSAGES.noVersion);
  const npns = input.to === 'selected' ? [...new Set(input.npns)] : undefined;
  const pending = await countPendingAmong(deps.db, version.id, npns);
  const body = `The terms of service changed ("${version.title}", version ${version.id}). Please sign in and accept them to keep using the portal.`;
  const notification = {
    kind: TERMS_UPDATED,
    title: 'Reminder: accept the updated Terms of Service',
    body,
    link: paths.termsGate,
  };
  const written = await claimReminders(
    deps.db,
    {
      version: version.id,
      npns,
      at: now,
      notBefore: new Date(now.getTime() - TERMS_REMINDER_INTERVAL_HOURS * HOUR_MS),
      by: actor.staff.id,
    },
    notification,
  );
  const counts = {
    reminded: written.length,
    skipped: Math.max(0, pending - written.length),
    notPending: npns ? Math.max(0, npns.length - pending) : 0,
  };
  if (written.length > 0) {
    await deps.queueReminders({
      subject: `${deps.config.providerName}: ${notification.title}`,
      body,
      link: paths.signIn,
      notifications: written,
    });
  }
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'terms.reminded',
    subject: String(version.id),
    detail: { to: input.to, ...counts, ...(npns ? { npns } : {}) },
  });
  return { ...counts, message: termsReminderMessage(counts) };
}

/** The job of a reminder: the notifications to the agents' open portals, then the e-mails (per the kind's opt-out). */
export async function sendTermsReminders(
  deps: Pick<StaffTermsDeps, 'db' | 'bus' | 'mailer' | 'config'>,
  reminders: TermsReminders,
): Promise<void> {
  for (const row of reminders.notifications) await deps.bus.publish(row.agentId, row.id);
  const link = new URL(reminders.link, deps.config.publicUrl).href;
  const agentIds = reminders.notifications.map((row) => row.agentId);
  for (let start = 0; start < agentIds.length; start += 1000) {
    for (const agent of await selectEmailRecipientsAmong(deps.db, TERMS_UPDATED, agentIds.slice(start, start + 1000))) {
      await deps.mailer.send({
        to: agent.email,
        subject: reminders.subject,
        text: `Hello ${agent.firstName},\n\n${reminders.body}\n\nSign in to accept them: ${link}\n`,
      });
    }
  }
}
