import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ENROLLMENT_MAX_BYTES,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_MOVE_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  EnrollmentModeSchema,
  EnrollmentStatusSchema,
  ENROLLMENT_OUTCOMES,
  ENROLLMENT_SCOPE_MESSAGES,
  SOA_PRODUCT_LABELS,
  ENROLLMENT_UPLOAD_TEXT_MAX,
  SOA_PRODUCTS,
  datePartsIn,
  PDF_SIGNATURE,
  refusedEnrollmentMove,
  uploadQuotaMessage,
  type Enrollment,
  type EnrollmentMode,
  type EnrollmentOutcome,
  type EnrollmentStatus,
  type ListEnrollmentsResponse,
  type StaffEnrollment,
  type UpdateEnrollmentStatusRequest,
} from '@arc/contract';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { AuditAction } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { randomId } from '../../platform/tokens.ts';
import { keysetRows } from '../../platform/xlsx.ts';
import { recordAudit } from '../audit/service.ts';
import { checkAgentClient, linkEnrollmentToClient } from '../clients/service.ts';
import {
  DOWNLOAD_EXPIRED_MESSAGE,
  isWellFormedDownloadToken,
  issueDownloadToken,
  redeemExportToken,
} from '../files/service.ts';
import { raiseNotification, type NotificationsDeps } from '../notifications/service.ts';
import { listSignedScopesOfClients, type SignedScope } from '../soa/service.ts';
import {
  adjustUploadQuota,
  deleteUploadQuotaBefore,
  reserveUploadQuota,
  findStaffEnrollments as findStaffEnrollmentRows,
  insertUploadedEnrollment,
  listAgentEnrollments,
  pageAgentEnrollments,
  type EnrollmentChange,
  type EnrollmentKey,
  type EnrollmentWithFile,
  insertLogEntry,
  selectEnrollmentForUpdate,
  type StaffEnrollmentRow,
  updateEnrollmentAtVersion,
} from './queries.ts';

export interface EnrollmentsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  /** the status change's: to tell the agent of a pend or a resolution */
  notifications: NotificationsDeps;
}

/** An agent's daily upload quota (UPLOADS_PER_DAY, UPLOAD_BYTES_PER_DAY), counted per business day. */
export interface UploadQuotaDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  uploadsPerDay: number;
  bytesPerDay: number;
}

/** What an upload holds of the agent's day until it is stored (then its real size) or given back. */
export interface UploadReservation {
  agentId: string;
  day: string;
  bytes: number;
}

const businessDay = (at: Date, timeZone: string) => {
  const { year, month, day } = datePartsIn(at, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * Reserves one upload of the agent's day before a byte is stored: the request's Content-Length (the file and a
 * little multipart framing; Node ends the body there, so it cannot be exceeded), or the largest file allowed when
 * the body comes chunked. One conditional upsert, so parallel uploads cannot overshoot. 429 past the quota.
 */
export async function reserveUpload(
  deps: UploadQuotaDeps,
  agentId: string,
  contentLength: string | undefined,
): Promise<UploadReservation> {
  const declared = contentLength !== undefined && /^\d{1,15}$/.test(contentLength) ? Number(contentLength) : NaN;
  const bytes = Number.isFinite(declared) ? Math.min(declared, ENROLLMENT_MAX_BYTES) : ENROLLMENT_MAX_BYTES;
  const reservation = { agentId, day: businessDay(deps.clock.now(), deps.timeZone), bytes };
  const limits = { uploads: deps.uploadsPerDay, bytes: deps.bytesPerDay };
  if (bytes > limits.bytes || !(await reserveUploadQuota(deps.db, reservation, bytes, limits))) {
    throw new AppError('TOO_MANY_REQUESTS', uploadQuotaMessage(limits.uploads, limits.bytes));
  }
  return reservation;
}

/** A stored upload counts its real size instead of what was reserved. */
export const settleUpload = (deps: Pick<UploadQuotaDeps, 'db'>, reservation: UploadReservation, size: number) =>
  adjustUploadQuota(deps.db, reservation, { uploads: 0, bytes: size - reservation.bytes });

/** A refused or failed upload gives its reservation back. */
export const releaseUpload = (deps: Pick<UploadQuotaDeps, 'db'>, reservation: UploadReservation) =>
  adjustUploadQuota(deps.db, reservation, { uploads: -1, bytes: -reservation.bytes });

/** Forgets the quota of days before yesterday (a day's row is needed only while that day lasts). */
export async function purgeOldUploadQuota(deps: Pick<UploadQuotaDeps, 'db' | 'clock' | 'timeZone'>): Promise<void> {
  await deleteUploadQuotaBefore(
    deps.db,
    businessDay(new Date(deps.clock.now().getTime() - 24 * 60 * 60 * 1000), deps.timeZone),
  );
}

const SIGNATURE = Buffer.from(PDF_SIGNATURE, 'latin1');

/** A stored status as the contract has it (an unknown value reads as Received). */
const statusOf = (stored: string): EnrollmentStatus => z.catch(EnrollmentStatusSchema, 'Received').parse(stored);

/**
 * The SOA scope check (issue 46): an enrollment's product type must be covered by a signed SOA of its client, signed
 * before that SOA's appointment. Answers the reason when it is not, null when it is or cannot be told yet (no client
 * linked, no product type entered).
 */
export function scopeFlagOf(
  enrollment: { clientId: string | null; productType: string | null },
  scopes: readonly SignedScope[],
): string | null {
  const product = z.safeParse(z.enum(SOA_PRODUCTS), enrollment.productType);
  if (!enrollment.clientId || !product.success) return null;
  const label = SOA_PRODUCT_LABELS[product.data];
  const covering = scopes.filter((scope) => scope.products.includes(product.data));
  if (covering.length === 0) return ENROLLMENT_SCOPE_MESSAGES.noSoa(label);
  if (!covering.some((scope) => scope.signedAt.getTime() <= scope.appointmentAt.getTime())) {
    return ENROLLMENT_SCOPE_MESSAGES.signedAfter(label);
  }
  return null;
}

/** The scope check of each of these enrollments, by id: one query for all their clients' signed SOAs. */
export async function scopeFlagsOf(
  db: Db,
  rows: readonly { id: string; clientId: string | null; productType: string | null }[],
): Promise<Map<string, string | null>> {
  const checked = rows.filter((row) => row.clientId && row.productType);
  const scopes = await listSignedScopesOfClients(
    db,
    checked.map((row) => row.clientId!),
  );
  return new Map(rows.map((row) => [row.id, scopeFlagOf(row, (row.clientId && scopes.get(row.clientId)) || [])]));
}

function toEnrollment(row: EnrollmentWithFile, scopeFlag: string | null = null): Enrollment {
  return {
    id: row.id,
    Status: statusOf(row.status),
    Reason: row.status === 'Pended' ? row.reason : null,
    ClientFirst: row.clientFirst,
    ClientLast: row.clientLast,
    ClientState: row.clientState,
    carrier_name: row.carrierName,
    product_name: row.productName,
    RecDate: row.receivedAt,
    mode: z.catch(EnrollmentModeSchema, 'newapp').parse(row.mode),
    fileName: row.fileName,
    clientId: row.clientId,
    planId: row.planId,
    productType: z.catch(z.nullable(z.enum(SOA_PRODUCTS)), null).parse(row.productType),
    effectiveDate: row.effectiveDate,
    applicationNumber: row.applicationNumber,
    scopeFlag,
  };
}

/** The agent's own enrollments only; the pended ones again in their own list (the danger alert reads it). */
export async function listEnrollments(deps: EnrollmentsDeps, agentId: string): Promise<ListEnrollmentsResponse> {
  const rows = await listAgentEnrollments(deps.db, agentId);
  const flags = await scopeFlagsOf(deps.db, rows);
  const all = rows.map((row) => toEnrollment(row, flags.get(row.id) ?? null));
  return { enrollments: all, pended: all.filter((e) => e.Status === 'Pended') };
}

/**
 * Passes the bytes through while checking them: the first bytes must be the PDF signature (a renamed PNG
 * fails in its first chunk, before anything much is written), and the count may not exceed the limit.
 * Either failure destroys the stream, so the storage write fails and removes what it had written.
 */
export class PdfUploadCheck extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private isVerified = false;
  private readonly maxBytes: number;

  constructor(maxBytes = ENROLLMENT_MAX_BYTES) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new AppError('PAYLOAD_TOO_LARGE', ENROLLMENT_MESSAGES.tooLarge));
      return;
    }
    if (!this.isVerified) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE.length - this.head.length)]);
      if (this.head.length >= SIGNATURE.length) {
        if (!this.head.equals(SIGNATURE)) {
          callback(new AppError('UNSUPPORTED_MEDIA_TYPE', ENROLLMENT_MESSAGES.notPdf));
          return;
        }
        this.isVerified = true;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) callback(new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.empty));
    else if (!this.isVerified) callback(new AppError('UNSUPPORTED_MEDIA_TYPE', ENROLLMENT_MESSAGES.notPdf));
    else callback();
  }
}

export interface StoredUpload {
  fileId: string;
  storageKey: string;
  size: number;
}

/**
 * Streams one uploaded file into storage through the PDF check. On any failure — not a PDF, too large,
 * the client gone half-way — storage keeps nothing and the error is rethrown.
 */
export async function storeEnrollmentPdf(deps: EnrollmentsDeps, file: Readable): Promise<StoredUpload> {
  const fileId = `fil_${randomId()}`;
  const storageKey = `enrollments/${fileId}.pdf`;
  const check = new PdfUploadCheck();
  // The source's failure (a dropped connection, the multipart size limit) reaches the check and so the write.
  const feeding = pipeline(file, check).catch(() => undefined);
  try {
    const { size } = await deps.storage.put(storageKey, check);
    await feeding;
    if (size !== check.bytes) throw new Error(`stored ${size} of ${check.bytes} bytes`);
    return { fileId, storageKey, size };
  } catch (err) {
    file.resume();
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** Drops a stored upload that will not be recorded (a bad mode after the file, a failed insert). */
export async function discardUpload(deps: EnrollmentsDeps, stored: StoredUpload): Promise<void> {
  await deps.storage.delete(stored.storageKey);
}

export function parseMode(value: unknown): EnrollmentMode {
  const parsed = EnrollmentModeSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.badMode, {
      fieldErrors: { radio1: [ENROLLMENT_MESSAGES.badMode] },
    });
  }
  return parsed.data;
}

/**
 * What a file name must not hold: control characters, and the bidirectional controls, which reorder what is shown
 * ("Smith\u202Efdp.exe" shows as "Smithexe.pdf"): embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and marks (U+200E, U+200F, U+061C). One character class: one native pass over the name.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A readable file name for the stored PDF: no path, no control or bidirectional characters, at most 200 long. */
export function cleanFileName(name: string | undefined): string {
  const raw = name ?? '';
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const clean = base.replace(UNSAFE_IN_NAME, '').trim().slice(-200);
  return clean || 'enrollment.pdf';
}

/** What the agent names with the upload (issue 46), sent before the file. */
export interface UploadNaming {
  clientId?: string | undefined;
  /** the client's name and state when they were checked: the enrollment keeps a copy (the queue searches it) */
  client?: { firstName: string; lastName: string; state: string } | undefined;
  carrier?: string | undefined;
  plan?: string | undefined;
}

/** One of the naming fields' value: trimmed, control characters out, blank as undefined; 400 when too long. */
export function namingText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = value.replace(UNSAFE_IN_NAME, '').trim();
  if (clean.length > ENROLLMENT_UPLOAD_TEXT_MAX) {
    throw new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.textTooLong);
  }
  return clean === '' ? undefined : clean;
}

/** The client named with an upload must be the agent's (404 otherwise), checked before the file is stored. */
export async function checkUploadClient(deps: EnrollmentsDeps, agentId: string, clientId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(clientId)) throw new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.needsClient);
  return checkAgentClient(deps.db, agentId, clientId);
}

/**
 * Records a stored upload as a Received enrollment of the agent, linked to the client it names (through the clients
 * area, in the same transaction); if that fails the stored bytes go too.
 */
export async function createEnrollment(
  deps: EnrollmentsDeps,
  input: { agentId: string; mode: EnrollmentMode; fileName: string; stored: StoredUpload } & UploadNaming,
): Promise<Enrollment> {
  const now = deps.clock.now();
  const enrollmentId = `enr_${randomId()}`;
  try {
    const row = await insertUploadedEnrollment(
      deps.db,
      {
        id: input.stored.fileId,
        name: input.fileName,
        contentType: 'application/pdf',
        size: input.stored.size,
        storageKey: input.stored.storageKey,
        ownerAgentId: input.agentId,
        createdAt: now,
      },
      {
        id: enrollmentId,
        agentId: input.agentId,
        status: 'Received',
        mode: input.mode,
        fileId: input.stored.fileId,
        clientFirst: input.client?.firstName ?? null,
        clientLast: input.client?.lastName ?? null,
        clientState: input.client?.state || null,
        carrierName: input.carrier ?? null,
        productName: input.plan ?? null,
        receivedAt: now,
        updatedAt: now,
      },
      input.clientId
        ? (tx) => linkEnrollmentToClient(tx, { enrollmentId, agentId: input.agentId, clientId: input.clientId! })
        : undefined,
    );
    return toEnrollment(row);
  } catch (err) {
    await discardUpload(deps, input.stored).catch(() => undefined);
    throw err;
  }
}

// ── export ────────────────────────────────────────────────────────────────────────────────────────

export const ENROLLMENTS_EXPORT = 'enrollments';

export function createEnrollmentsExportToken(deps: EnrollmentsDeps, agentId: string): Promise<string> {
  return issueDownloadToken(deps.db, { agentId, exportName: ENROLLMENTS_EXPORT }, deps.clock.now());
}

/**
 * Spends an export token and answers whose enrollments to export. Malformed is 404, like a token issued to
 * another agent than the bearer sent with it; unknown, used or expired is 410.
 */
export async function redeemEnrollmentsExport(
  deps: EnrollmentsDeps,
  token: string,
  bearerAgentId: string | null,
  /** the client's address as trusted by TRUST_PROXY, for the audit log */
  ip: string,
): Promise<string> {
  if (!isWellFormedDownloadToken(token)) throw new AppError('NOT_FOUND', 'Not found');
  const now = deps.clock.now();
  const agentId = await redeemExportToken(deps.db, token, {
    exportName: ENROLLMENTS_EXPORT,
    now,
    agentId: bearerAgentId,
  });
  if (agentId) {
    await recordAudit(deps, { agentId, ip, action: 'enrollments.exported', subject: ENROLLMENTS_EXPORT });
    return agentId;
  }
  // With a bearer, a token that is not this agent's is "not found" (and stays unspent for its owner).
  if (bearerAgentId) throw new AppError('NOT_FOUND', 'Not found');
  throw new AppError('GONE', DOWNLOAD_EXPIRED_MESSAGE);
}

/** Wall-clock time in the business time zone as a UTC date, so a spreadsheet shows the time Los Angeles saw. */
export function wallClock(at: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const part of new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** Every enrollment of the agent, newest first, read a page at a time. */
export function enrollmentRowsForExport(deps: EnrollmentsDeps, agentId: string): AsyncIterable<Enrollment> {
  return (async function* () {
    for await (const row of keysetRows({
      page: (after: EnrollmentKey | undefined, limit: number) => pageAgentEnrollments(deps.db, agentId, after, limit),
      key: (row: EnrollmentWithFile): EnrollmentKey => ({ receivedAt: row.receivedAt, id: row.id }),
      pageSize: 500,
    })) {
      yield toEnrollment(row);
    }
  })();
}

// ── staff ─────────────────────────────────────────────────────────────────────────────────────────

function toStaffEnrollment(row: StaffEnrollmentRow): StaffEnrollment {
  return {
    ...toEnrollment(row),
    agentNpn: row.agentNpn,
    agentName: `${row.agentFirst} ${row.agentLast}`,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

export async function findStaffEnrollments(
  deps: EnrollmentsDeps,
  filter: { npn?: string | undefined; status?: string | undefined },
): Promise<StaffEnrollment[]> {
  return (await findStaffEnrollmentRows(deps.db, filter)).map(toStaffEnrollment);
}

// ── status ────────────────────────────────────────────────────────────────────────────────────────
// This module owns an enrollment's status: the one status change below serves the integration key's PATCH and the
// back office's queue (staff-enrollments calls it through this file), along the contract's one table.

/** The audit event of a move into each status (nothing moves into Received). */
const AUDIT_OF: Record<Exclude<EnrollmentStatus, 'Received'>, AuditAction> = {
  'In Review': 'enrollment.review-started',
  Pended: 'enrollment.pended',
  Resolved: 'enrollment.resolved',
  Submitted: 'enrollment.submitted',
  Enrolled: 'enrollment.enrolled',
  Declined: 'enrollment.declined',
  Withdrawn: 'enrollment.withdrawn',
  Cancelled: 'enrollment.cancelled',
};

/** Who changes the status: a staff member in the queue, or the integration key (staffId null). */
export interface EnrollmentActor {
  staffId: string | null;
  /** as the enrollment's log and the audit detail name them: a staff member's e-mail local part, or "Integration" */
  by: string;
  ip: string;
}

export const INTEGRATION_NAME = 'Integration';

export interface EnrollmentStatusChange {
  to: EnrollmentStatus;
  /** a pend's reason (required for Pended; cleared on any other status) */
  reason?: string | undefined;
  /** the version the caller read; without it, the enrollment as it stands when locked */
  version?: number | undefined;
  /** the enrollment's log line for the move */
  logLine: string;
  /** the client details filled in at the same time (the integration's) */
  details?: Pick<
    EnrollmentChange,
    | 'clientFirst'
    | 'clientLast'
    | 'clientState'
    | 'carrierName'
    | 'productName'
    | 'planId'
    | 'productType'
    | 'effectiveDate'
    | 'applicationNumber'
  >;
  /**
   * the same status again: the integration fills in details (true); the queue's action is refused as done already
   * (false, the default)
   */
  sameStatusFillsDetails?: boolean;
}

/** The statuses where the back office's work on an enrollment is done: sent on to the carrier, or decided. */
const DONE_STATUSES: ReadonlySet<EnrollmentStatus> = new Set([
  'Submitted',
  'Enrolled',
  'Declined',
  'Withdrawn',
  'Cancelled',
]);

/**
 * The one status change (docs/decisions/enrollments.md): in one transaction the enrollment is locked, must be at `version` when one is
 * given (else 409 stale), and ENROLLMENT_TRANSITIONS must allow the move (else 409 with its reason, nothing
 * written); then its status, reason and details change and its version rises, its log gets the line and the audit
 * log the event with the actor. After the commit a pend, a resolution, a submission or an outcome is news for the agent (notifyAgent).
 */
export async function changeEnrollmentStatus(
  deps: NotificationsDeps,
  actor: EnrollmentActor,
  id: string,
  change: EnrollmentStatusChange,
): Promise<void> {
  const now = deps.clock.now();
  const { to } = change;
  const reason = to === 'Pended' ? (change.reason ?? null) : null;
  const moved = await deps.db.transaction(async (tx) => {
    const row = await selectEnrollmentForUpdate(tx, id);
    if (!row) throw new AppError('NOT_FOUND', ENROLLMENT_MOVE_MESSAGES.notFound);
    if (change.version !== undefined && row.version !== change.version) {
      throw new AppError('CONFLICT', ENROLLMENT_MOVE_MESSAGES.stale);
    }
    const from = statusOf(row.status);
    const isMove = from !== to;
    // the same status again fills in details only; a pend's reason changes by a move (resolve, then pend again)
    const fillsDetails = !isMove && change.sameStatusFillsDetails && (to !== 'Pended' || reason === row.reason);
    if (!fillsDetails) {
      const refusal = refusedEnrollmentMove(from, to);
      if (refusal) throw new AppError('CONFLICT', refusal);
    }
    const applied = await updateEnrollmentAtVersion(tx, id, row.version, {
      status: to,
      reason: fillsDetails ? row.reason : reason,
      updatedAt: now,
      // the work dashboard's "done" (docs/decisions/back-office.md): when the back office's part ended
      doneAt: DONE_STATUSES.has(to) ? (DONE_STATUSES.has(from) ? undefined : now) : null,
      ...change.details,
    });
    if (!applied) throw new AppError('CONFLICT', ENROLLMENT_MOVE_MESSAGES.stale);
    if (!isMove) return undefined;
    await insertLogEntry(tx, {
      enrollmentId: id,
      at: now,
      staffId: actor.staffId,
      by: actor.by,
      action: change.logLine,
    });
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: row.agentId,
        staffId: actor.staffId,
        ip: actor.ip,
        action: AUDIT_OF[to as Exclude<EnrollmentStatus, 'Received'>],
        subject: id,
        detail: { by: actor.by, from, to, ...(reason !== null ? { reason } : {}) },
      },
    );
    return { ...row, ...change.details };
  });
  if (moved && to === 'Pended') await notifyAgent(deps, moved, { kind: 'pend', reason: reason ?? '' });
  if (moved && to === 'Resolved') await notifyAgent(deps, moved, { kind: 'resolve' });
  if (moved && to === 'Submitted') await notifyAgent(deps, moved, { kind: 'submit' });
  if (moved && isOutcome(to)) await notifyAgent(deps, moved, { kind: 'outcome', outcome: to });
}

const isOutcome = (status: EnrollmentStatus): status is EnrollmentOutcome =>
  (ENROLLMENT_OUTCOMES as readonly EnrollmentStatus[]).includes(status);

/** The Enrollment Upload page, where the agent reads the status and the reason. */
export const ENROLLMENTS_PAGE = '/enrollments';

type NotifiedRow = Pick<
  EnrollmentWithFile,
  'agentId' | 'clientFirst' | 'clientLast' | 'fileName' | 'carrierName' | 'productName'
>;

/**
 * Whom the enrollment is for, as the agent's notification names them: the linked client's name (the row's client
 * names are the client's when linked, queries.ts), else the names filled in, else the file's name.
 */
const clientOf = (row: Pick<NotifiedRow, 'clientFirst' | 'clientLast' | 'fileName'>) =>
  [row.clientFirst, row.clientLast].filter(Boolean).join(' ') || row.fileName || 'your client';

/** The outcome as the notification says it. */
const OUTCOME_WORDS: Record<EnrollmentOutcome, string> = {
  Enrolled: 'is enrolled',
  Declined: 'was declined',
  Withdrawn: 'was withdrawn',
  Cancelled: 'was cancelled',
};

/**
 * Tells the agent an enrollment was pended (with what is missing), resolved, submitted to the carrier or decided:
 * under the bell and by e-mail, unless they opted out of that kind's e-mails (raiseNotification).
 */
async function notifyAgent(
  deps: NotificationsDeps,
  row: NotifiedRow,
  news:
    | { kind: 'pend'; reason: string }
    | { kind: 'resolve' }
    | { kind: 'submit' }
    | { kind: 'outcome'; outcome: EnrollmentOutcome },
): Promise<void> {
  const what = `The enrollment of ${clientOf(row)}${row.carrierName ? ` (${row.carrierName})` : ''}`;
  if (news.kind === 'submit') {
    await raiseNotification(deps, {
      agentId: row.agentId,
      kind: 'enrollment-submitted',
      title: `Enrollment submitted to the carrier: ${clientOf(row)}`,
      body: `${what}${row.productName ? ` for ${row.productName}` : ''} was submitted to the carrier. You will hear when the carrier answers.`,
      link: ENROLLMENTS_PAGE,
    });
  } else if (news.kind === 'outcome') {
    const plan = row.productName ? ` in ${row.productName}` : '';
    await raiseNotification(deps, {
      agentId: row.agentId,
      kind: 'enrollment-outcome',
      title: `Enrollment ${ENROLLMENT_STATUS_LABELS[news.outcome].toLowerCase()}: ${clientOf(row)}`,
      body: `${what} ${OUTCOME_WORDS[news.outcome]}${news.outcome === 'Enrolled' ? plan : ''}.`,
      link: ENROLLMENTS_PAGE,
    });
  } else if (news.kind === 'pend') {
    await raiseNotification(deps, {
      agentId: row.agentId,
      kind: 'enrollment-pended',
      title: `Enrollment pended: ${clientOf(row)}`,
      body: `${what} is pended. What is missing: ${news.reason}`,
      link: ENROLLMENTS_PAGE,
    });
  } else {
    await raiseNotification(deps, {
      agentId: row.agentId,
      kind: 'enrollment-resolved',
      title: `Enrollment resolved: ${clientOf(row)}`,
      body: `${what} is ${ENROLLMENT_STATUS_LABELS.Resolved.toLowerCase()}: nothing more is needed from you for now.`,
      link: ENROLLMENTS_PAGE,
    });
  }
}

/**
 * The integration key's PATCH: a move through the one status change, logged as "Integration" (Pended with its
 * reason, any other status "Status set to …"); the same status again fills in the client details given.
 */
export async function updateEnrollmentStatus(
  deps: EnrollmentsDeps,
  id: string,
  request: UpdateEnrollmentStatusRequest,
  ip: string,
): Promise<StaffEnrollment> {
  await changeEnrollmentStatus(deps.notifications, { staffId: null, by: INTEGRATION_NAME, ip }, id, {
    to: request.status,
    reason: request.reason,
    version: request.version,
    logLine:
      request.status === 'Pended'
        ? `Pended: ${request.reason ?? ''}`
        : `Status set to ${ENROLLMENT_STATUS_LABELS[request.status]}`,
    details: {
      ...(request.ClientFirst !== undefined ? { clientFirst: request.ClientFirst } : {}),
      ...(request.ClientLast !== undefined ? { clientLast: request.ClientLast } : {}),
      ...(request.ClientState !== undefined ? { clientState: request.ClientState } : {}),
      ...(request.carrier_name !== undefined ? { carrierName: request.carrier_name } : {}),
      ...(request.product_name !== undefined ? { productName: request.product_name } : {}),
    },
    sameStatusFillsDetails: true,
  });
  const [updated] = await findStaffEnrollmentRows(deps.db, { id }, 1);
  return toStaffEnrollment(updated!);
}
