import type { Readable } from 'node:stream';
import {
  ENROLLMENT_ACTION_LABELS,
  ENROLLMENT_ACTION_MOVES,
  ENROLLMENT_STATUS_LABELS,
  EnrollmentModeSchema,
  EnrollmentStatusSchema,
  STAFF_ENROLLMENT_MESSAGES,
  STAFF_ENROLLMENTS_PAGE_SIZE,
  STAFF_ENROLLMENTS_TOTAL_CAP,
  type ActOnStaffEnrollment,
  type EnrollmentAction,
  type EnrollmentStatus,
  type ListStaffEnrollmentsQuery,
  type StaffEnrollmentDetail,
  type StaffEnrollmentList,
  type StaffEnrollmentRow,
  type StaffMember,
} from '@arc/contract';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { AuditAction } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { raiseNotification, type NotificationsDeps } from '../notifications/service.ts';
import {
  insertLogEntry,
  selectCarriers,
  selectLog,
  selectQueueEnrollment,
  selectQueuePage,
  updateEnrollmentAtVersion,
  type QueueEnrollment,
} from './queries.ts';

export interface StaffEnrollmentsDeps extends NotificationsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  timeZone: string;
}

/** Who acts: written in the enrollment's log and the audit log. */
export interface StaffActor {
  staff: StaffMember;
  ip: string;
}

const statusOf = (stored: string): EnrollmentStatus => z.catch(EnrollmentStatusSchema, 'Received').parse(stored);

export function toStaffEnrollmentRow(row: QueueEnrollment): StaffEnrollmentRow {
  const status = statusOf(row.status);
  return {
    id: row.id,
    version: row.version,
    status,
    reason: status === 'Pended' ? row.reason : null,
    mode: z.catch(EnrollmentModeSchema, 'newapp').parse(row.mode),
    agent: { npn: row.agentNpn, firstName: row.agentFirstName, lastName: row.agentLastName },
    client: { firstName: row.clientFirst, lastName: row.clientLast, state: row.clientState },
    carrier: row.carrierName,
    product: row.productName,
    receivedAt: row.receivedAt,
    updatedAt: row.updatedAt,
    fileName: row.fileName,
    fileSize: row.fileSize,
  };
}

export async function listEnrollments(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'timeZone'>,
  query: ListStaffEnrollmentsQuery & { page: number; sort: NonNullable<ListStaffEnrollmentsQuery['sort']> },
): Promise<StaffEnrollmentList> {
  const { page, sort, ...filter } = query;
  // counted exactly up to the cap, or up to the end of the page asked for when that is deeper
  // (docs/decisions/back-office.md)
  const countCap = Math.max(STAFF_ENROLLMENTS_TOTAL_CAP, page * STAFF_ENROLLMENTS_PAGE_SIZE);
  const [{ rows, total }, carriers] = await Promise.all([
    selectQueuePage(deps.db, { ...filter, timeZone: deps.timeZone }, page, sort, countCap),
    selectCarriers(deps.db),
  ]);
  return {
    rows: rows.map(toStaffEnrollmentRow),
    total: Math.min(total, countCap),
    totalCapped: total > countCap,
    page,
    pageSize: STAFF_ENROLLMENTS_PAGE_SIZE,
    carriers,
  };
}

async function detailOf(db: Db, row: QueueEnrollment): Promise<StaffEnrollmentDetail> {
  return { enrollment: toStaffEnrollmentRow(row), log: await selectLog(db, row.id) };
}

export async function getEnrollment(deps: Pick<StaffEnrollmentsDeps, 'db'>, id: string) {
  const row = await selectQueueEnrollment(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.notFound);
  return detailOf(deps.db, row);
}

/** The uploaded PDF, for a staff member to read or save; each read is audited (an enrollment is personal data). */
export async function openEnrollmentFile(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'clock' | 'storage'>,
  actor: StaffActor,
  id: string,
  disposition: 'inline' | 'attachment',
): Promise<{ name: string; size: number; stream: Readable }> {
  const row = await selectQueueEnrollment(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.notFound);
  if (!row.storageKey || row.fileName === null || row.fileSize === null) {
    throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.noFile);
  }
  const stream = await deps.storage.get(row.storageKey);
  try {
    await recordAudit(deps, {
      agentId: row.agentId,
      staffId: actor.staff.id,
      ip: actor.ip,
      action: 'enrollment.file-read',
      subject: row.id,
      detail: { fileId: row.fileId, disposition },
    });
  } catch (err) {
    // unrecorded means unsent
    stream.destroy();
    throw err;
  }
  return { name: row.fileName, size: row.fileSize, stream };
}

/** The refusal of an action in this status, if it is refused (ENROLLMENT_ACTION_MOVES). */
export function illegalMove(kind: EnrollmentAction['kind'], status: EnrollmentStatus): string | undefined {
  if (ENROLLMENT_ACTION_MOVES[kind].from.includes(status)) return undefined;
  if (kind === 'pend' && status === 'Pended') return STAFF_ENROLLMENT_MESSAGES.alreadyPended;
  if (kind === 'submit' && status === 'Submitted') return STAFF_ENROLLMENT_MESSAGES.alreadySubmitted;
  return STAFF_ENROLLMENT_MESSAGES.illegal[kind];
}

const AUDIT_OF: Record<EnrollmentAction['kind'], AuditAction> = {
  review: 'enrollment.review-started',
  pend: 'enrollment.pended',
  resolve: 'enrollment.resolved',
  submit: 'enrollment.submitted',
};

/** The log's line for an action: what a colleague reading the enrollment's history needs. */
const logLine = (action: EnrollmentAction) =>
  action.kind === 'pend' ? `Pended: ${action.reason}` : ENROLLMENT_ACTION_LABELS[action.kind];

/** The staff member as the log names them (staff accounts have an e-mail address, no name). */
const logName = (staff: StaffMember) => staff.email.split('@')[0] ?? staff.email;

/**
 * One action on one enrollment (docs/decisions/enrollments.md): the enrollment is locked, must still be at the version
 * the staff member saw (else 409 STAFF_ENROLLMENT_MESSAGES.stale) and allow the move (else 409 with its reason); then
 * its status changes, its log gets the line with the staff member's name and the audit log the event, all in one
 * transaction. After the commit, Pend and Resolve are news for the agent (raiseNotification).
 */
export async function actOnEnrollment(
  deps: StaffEnrollmentsDeps,
  actor: StaffActor,
  id: string,
  input: ActOnStaffEnrollment,
): Promise<StaffEnrollmentDetail> {
  const { action } = input;
  const now = deps.clock.now();
  const to = ENROLLMENT_ACTION_MOVES[action.kind].to;
  const before = await deps.db.transaction(async (tx) => {
    const row = await selectQueueEnrollment(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.notFound);
    if (row.version !== input.version) throw new AppError('CONFLICT', STAFF_ENROLLMENT_MESSAGES.stale);
    const illegal = illegalMove(action.kind, statusOf(row.status));
    if (illegal) throw new AppError('CONFLICT', illegal);
    const change = { status: to, reason: action.kind === 'pend' ? action.reason : null, updatedAt: now };
    if (!(await updateEnrollmentAtVersion(tx, id, row.version, change))) {
      throw new AppError('CONFLICT', STAFF_ENROLLMENT_MESSAGES.stale);
    }
    await insertLogEntry(tx, {
      enrollmentId: id,
      at: now,
      staffId: actor.staff.id,
      by: logName(actor.staff),
      action: logLine(action),
    });
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: row.agentId,
        staffId: actor.staff.id,
        ip: actor.ip,
        action: AUDIT_OF[action.kind],
        subject: id,
        detail: { ...action, from: row.status, to },
      },
    );
    return row;
  });
  await notifyAgent(deps, before, action);
  const after = await selectQueueEnrollment(deps.db, id);
  return detailOf(deps.db, after!);
}

/** The Enrollment Upload page, where the agent reads the status and the reason. */
export const ENROLLMENTS_PAGE = '/enrollments';

const clientOf = (row: Pick<QueueEnrollment, 'clientFirst' | 'clientLast' | 'fileName'>) =>
  [row.clientFirst, row.clientLast].filter(Boolean).join(' ') || row.fileName || 'your client';

/**
 * Tells the agent an enrollment was pended (with what is missing) or resolved: under the bell and by e-mail,
 * unless they opted out of that kind's e-mails (raiseNotification). Also used by the integration key's calls.
 */
export async function notifyAgent(
  deps: NotificationsDeps,
  row: Pick<QueueEnrollment, 'agentId' | 'clientFirst' | 'clientLast' | 'fileName' | 'carrierName'>,
  action: { kind: 'pend'; reason: string } | { kind: string },
): Promise<void> {
  const what = `The enrollment of ${clientOf(row)}${row.carrierName ? ` (${row.carrierName})` : ''}`;
  if (action.kind === 'pend' && 'reason' in action) {
    await raiseNotification(deps, {
      agentId: row.agentId,
      kind: 'enrollment-pended',
      title: `Enrollment pended: ${clientOf(row)}`,
      body: `${what} is pended. What is missing: ${action.reason}`,
      link: ENROLLMENTS_PAGE,
    });
  }
  if (action.kind === 'resolve') {
    await raiseNotification(deps, {
      agentId: row.agentId,
      kind: 'enrollment-resolved',
      title: `Enrollment resolved: ${clientOf(row)}`,
      body: `${what} is ${ENROLLMENT_STATUS_LABELS.Resolved.toLowerCase()}: nothing more is needed from you for now.`,
      link: ENROLLMENTS_PAGE,
    });
  }
}
