import {
  paths,
  STAFF_TERMS_MESSAGES,
  TERMS_ACCEPTANCES_PAGE_SIZE,
  type PublishTerms,
  type StaffTermsVersion,
  type StaffTermsVersionDetail,
  type TermsAcceptanceList,
  type TermsDraft,
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
  countAcceptances,
  insertDraft,
  insertNotificationForActiveAgents,
  publishDraft,
  selectAcceptances,
  selectCurrentId,
  selectEmailRecipients,
  selectVersion,
  selectVersions,
  updateDraft,
  versionExists,
  type AcceptancePosition,
  type AcceptanceRow,
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
