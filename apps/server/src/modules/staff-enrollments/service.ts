import type { Readable } from 'node:stream';
import {
  ENROLLMENT_ACTION_LABELS,
  ENROLLMENT_ACTION_TARGETS,
  EnrollmentModeSchema,
  EnrollmentStatusSchema,
  STAFF_ENROLLMENT_MESSAGES,
  STAFF_ENROLLMENTS_PAGE_SIZE,
  STAFF_ENROLLMENTS_TOTAL_CAP,
  WORK_MESSAGES,
  type ActOnStaffEnrollment,
  type AssignStaffEnrollments,
  type EnrollmentAction,
  type EnrollmentStatus,
  type ListStaffEnrollmentsQuery,
  type StaffEnrollmentDetail,
  type StaffEnrollmentList,
  type StaffEnrollmentRow,
  type StaffMember,
  type EnrollmentPlanOptions,
  type UpdateStaffEnrollmentData,
  SOA_PRODUCTS,
  datePartsIn,
  isoDate,
  type StateCode,
} from '@arc/contract';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { keysetRows } from '../../platform/xlsx.ts';
import { recordAudit } from '../audit/service.ts';
import { getClientPlace } from '../clients/service.ts';
import { changeEnrollmentStatus, scopeFlagsOf } from '../enrollments/service.ts';
import type { NotificationsDeps } from '../notifications/service.ts';
import { listCounties } from '../places/service.ts';
import { assigneeFilter, checkAssignee, listAssignees, staffDisplayName } from '../staff-work/service.ts';
import { listLandscapePlansOfCounties } from '../supplies/service.ts';
import {
  insertLogEntries,
  selectCarriers,
  selectLog,
  selectQueueEnrollment,
  selectQueueEnrollments,
  selectQueuePage,
  queueExportPages,
  updateAssigneeAtVersion,
  updateDataAtVersion,
  type EnrollmentData,
  type QueueEnrollment,
  type QueueExportPosition,
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

export function toStaffEnrollmentRow(row: QueueEnrollment, scopeFlag: string | null = null): StaffEnrollmentRow {
  const status = statusOf(row.status);
  return {
    id: row.id,
    version: row.version,
    status,
    reason: status === 'Pended' ? row.reason : null,
    mode: z.catch(EnrollmentModeSchema, 'newapp').parse(row.mode),
    agent: { npn: row.agentNpn, firstName: row.agentFirstName, lastName: row.agentLastName },
    client: {
      id: row.clientId,
      firstName: row.linkedFirstName ?? row.clientFirst,
      lastName: row.linkedLastName ?? row.clientLast,
      state: row.clientState,
    },
    carrier: row.carrierName,
    product: row.productName,
    planId: row.planId,
    productType: z.catch(z.nullable(z.enum(SOA_PRODUCTS)), null).parse(row.productType),
    effectiveDate: row.effectiveDate,
    applicationNumber: row.applicationNumber,
    scopeFlag,
    receivedAt: row.receivedAt,
    updatedAt: row.updatedAt,
    fileName: row.fileName,
    fileSize: row.fileSize,
    assignee:
      row.assigneeId && row.assigneeEmail
        ? { id: row.assigneeId, name: staffDisplayName({ email: row.assigneeEmail, name: row.assigneeName }) }
        : null,
  };
}

export async function listEnrollments(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'timeZone'>,
  staff: StaffMember,
  query: ListStaffEnrollmentsQuery & { page: number; sort: NonNullable<ListStaffEnrollmentsQuery['sort']> },
): Promise<StaffEnrollmentList> {
  const { page, sort, assignee, ...rest } = query;
  const filter = { ...rest, assigneeId: assigneeFilter(assignee, staff) };
  // counted exactly up to the cap, or up to the end of the page asked for when that is deeper
  // (docs/decisions/back-office.md)
  const countCap = Math.max(STAFF_ENROLLMENTS_TOTAL_CAP, page * STAFF_ENROLLMENTS_PAGE_SIZE);
  const [{ rows, total }, carriers, assignees] = await Promise.all([
    selectQueuePage(deps.db, { ...filter, timeZone: deps.timeZone }, page, sort, countCap),
    selectCarriers(deps.db),
    listAssignees(deps.db, 'enrollments'),
  ]);
  return {
    rows: await withScopeFlags(deps.db, rows),
    total: Math.min(total, countCap),
    totalCapped: total > countCap,
    page,
    pageSize: STAFF_ENROLLMENTS_PAGE_SIZE,
    carriers,
    assignees,
  };
}

/** The rows with the SOA scope check of each (one query for all their clients' signed SOAs). */
async function withScopeFlags(db: Db, rows: QueueEnrollment[]): Promise<StaffEnrollmentRow[]> {
  const flags = await scopeFlagsOf(db, rows);
  return rows.map((row) => toStaffEnrollmentRow(row, flags.get(row.id) ?? null));
}

async function detailOf(db: Db, row: QueueEnrollment): Promise<StaffEnrollmentDetail> {
  const [enrollment] = await withScopeFlags(db, [row]);
  return { enrollment: enrollment!, log: await selectLog(db, row.id) };
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
  refuseUnassignedSupport(actor, row);
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

/**
 * The queue's filtered set for the export (the list's filters and search, every match): the export is recorded in the
 * audit log with its filters before the first row is read; the rows come a keyset page at a time.
 */
export async function exportEnrollments(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'clock' | 'timeZone'>,
  actor: StaffActor,
  query: Omit<ListStaffEnrollmentsQuery, 'page'> & { sort: NonNullable<ListStaffEnrollmentsQuery['sort']> },
): Promise<{ day: string; rows: AsyncGenerator<StaffEnrollmentRow> }> {
  const { sort, assignee, ...rest } = query;
  const filter = { ...rest, assigneeId: assigneeFilter(assignee, actor.staff), timeZone: deps.timeZone };
  const page = await queueExportPages(deps.db, filter, sort === 'receivedAt');
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'enrollment-queue.exported',
    subject: 'enrollments queue',
    detail: { filters: Object.fromEntries(Object.entries(query).filter(([, value]) => value)) },
  });
  const pages = keysetRows<QueueEnrollment, QueueExportPosition>({
    page,
    key: (row) => ({ id: row.id }),
    pageSize: 1000,
  });
  async function* rows(): AsyncGenerator<StaffEnrollmentRow> {
    for await (const row of pages) yield toStaffEnrollmentRow(row);
  }
  const { year, month, day } = datePartsIn(deps.clock.now(), deps.timeZone);
  return { day: isoDate(year, month, day), rows: rows() };
}

/** The log's line for an action: what a colleague reading the enrollment's history needs. */
const logLine = (action: EnrollmentAction) =>
  action.kind === 'pend' ? `Pended: ${action.reason}` : ENROLLMENT_ACTION_LABELS[action.kind];

/** The staff member as the log names them. */
const logName = (staff: StaffMember) => staffDisplayName(staff);

/**
 * Support reads the whole queue but works (opens the PDF of, acts on) only the enrollments assigned to them
 * (docs/decisions/back-office.md); admin and operations work any.
 */
function refuseUnassignedSupport(actor: StaffActor, row: Pick<QueueEnrollment, 'assigneeId'>) {
  if (actor.staff.role === 'support' && row.assigneeId !== actor.staff.id) {
    throw new AppError('FORBIDDEN', WORK_MESSAGES.supportAssignedOnly);
  }
}

/**
 * One action on one enrollment (docs/decisions/enrollments.md): the move to its status (ENROLLMENT_ACTION_TARGETS) through the
 * enrollments area's one status change, at the version the staff member saw — locked, checked against the one
 * table, logged with the staff member's name and audited in one transaction, the agent told of a pend or a
 * resolution after the commit. A stale version or a move the table refuses is a 409 and nothing is written.
 */
export async function actOnEnrollment(
  deps: StaffEnrollmentsDeps,
  actor: StaffActor,
  id: string,
  input: ActOnStaffEnrollment,
): Promise<StaffEnrollmentDetail> {
  const { action } = input;
  if (actor.staff.role === 'support') {
    // checked at the version the member saw: an assignment raises it, so a reassignment since is a 409 below
    const row = await selectQueueEnrollment(deps.db, id);
    if (!row) throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.notFound);
    if (row.version === input.version) refuseUnassignedSupport(actor, row);
  }
  await changeEnrollmentStatus(deps, { staffId: actor.staff.id, by: logName(actor.staff), ip: actor.ip }, id, {
    to: ENROLLMENT_ACTION_TARGETS[action.kind],
    reason: action.kind === 'pend' ? action.reason : undefined,
    version: input.version,
    logLine: logLine(action),
  });
  const after = await selectQueueEnrollment(deps.db, id);
  return detailOf(deps.db, after!);
}

/**
 * Assigns one enrollment or a selection to a member who works enrollments, or unassigns it (issue 47): all or nothing
 * at the versions shown (409 stale), each with a line in its log and an audit event with from and to.
 */
export async function assignEnrollments(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'clock'>,
  actor: StaffActor,
  input: AssignStaffEnrollments,
): Promise<StaffEnrollmentRow[]> {
  const ids = [...new Set(input.enrollments.map((e) => e.id))];
  const isSelection = ids.length > 1;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const assignee = await checkAssignee(tx, 'enrollments', input.assigneeId);
    const locked = new Map((await selectQueueEnrollments(tx, ids, true)).map((e) => [e.id, e]));
    const refuse = (code: 'CONFLICT' | 'NOT_FOUND', id: string, message: string) =>
      new AppError(code, isSelection ? `Enrollment ${id}: ${message}` : message);
    for (const { id, version } of input.enrollments) {
      const row = locked.get(id);
      if (!row) throw refuse('NOT_FOUND', id, STAFF_ENROLLMENT_MESSAGES.notFound);
      if (row.version !== version) throw refuse('CONFLICT', id, STAFF_ENROLLMENT_MESSAGES.stale);
    }
    for (const id of ids) {
      const row = locked.get(id)!;
      if (!(await updateAssigneeAtVersion(tx, id, row.version, assignee?.id ?? null))) {
        throw refuse('CONFLICT', id, STAFF_ENROLLMENT_MESSAGES.stale);
      }
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: row.agentId,
          staffId: actor.staff.id,
          ip: actor.ip,
          action: 'enrollment.assigned',
          subject: id,
          detail: { from: row.assigneeId, to: assignee?.id ?? null },
        },
      );
    }
    await insertLogEntries(
      tx,
      ids.map((enrollmentId) => ({
        enrollmentId,
        at: now,
        staffId: actor.staff.id,
        by: logName(actor.staff),
        action: assignee ? `Assigned to ${assignee.name}` : 'Unassigned',
      })),
    );
  });
  return withScopeFlags(deps.db, await selectQueueEnrollments(deps.db, ids));
}

// ── the enrollment's data (issue 46) ──────────────────────────────────────────────────────────────────

/** The data's fields as the log and the audit name them (the names only: the values are the client's business). */
const DATA_FIELD_NAMES: Record<keyof EnrollmentData, string> = {
  carrierName: 'carrier',
  productName: 'plan name',
  planId: 'plan',
  productType: 'product type',
  effectiveDate: 'effective date',
  applicationNumber: 'application number',
};

/**
 * Enters or corrects the carrier, plan, product type, effective date and application number at the version the staff
 * member saw: locked, checked (409 stale), written with the version raised, a line in the enrollment's log and an
 * audit event naming the fields changed, in one transaction; a stale version writes nothing.
 */
export async function updateEnrollmentData(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'clock'>,
  actor: StaffActor,
  id: string,
  input: UpdateStaffEnrollmentData,
): Promise<StaffEnrollmentDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await selectQueueEnrollments(tx, [id], true);
    if (!row) throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.notFound);
    if (row.version !== input.version) throw new AppError('CONFLICT', STAFF_ENROLLMENT_MESSAGES.stale);
    refuseUnassignedSupport(actor, row);
    const data: EnrollmentData = {
      carrierName: input.carrier,
      productName: input.planName,
      planId: input.planId,
      productType: input.productType,
      effectiveDate: input.effectiveDate,
      applicationNumber: input.applicationNumber,
    };
    const fields = (Object.keys(data) as (keyof EnrollmentData)[]).filter((key) => (row[key] ?? null) !== data[key]);
    if (fields.length === 0) return;
    if (!(await updateDataAtVersion(tx, id, row.version, data, now))) {
      throw new AppError('CONFLICT', STAFF_ENROLLMENT_MESSAGES.stale);
    }
    const names = fields.map((key) => DATA_FIELD_NAMES[key]);
    await insertLogEntries(tx, [
      {
        enrollmentId: id,
        at: now,
        staffId: actor.staff.id,
        by: logName(actor.staff),
        action: `Updated ${names.join(', ')}`,
      },
    ]);
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: row.agentId,
        staffId: actor.staff.id,
        ip: actor.ip,
        action: 'enrollment.data-updated',
        subject: id,
        detail: { fields: names },
      },
    );
  });
  return getEnrollment(deps, id);
}

/** A landscape plan's contract-plan id as CMS writes it: `H1234-001`, a segment other than 0 appended. */
export function contractPlanId(plan: { contractId: string | null; planId: string | null; segmentId: string | null }) {
  const segment = plan.segmentId && !/^0+$/.test(plan.segmentId) ? `-${plan.segmentId.replace(/^0+/, '')}` : '';
  return `${plan.contractId ?? ''}-${(plan.planId ?? '').padStart(3, '0')}${segment}`;
}

const countyKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/\s+(county|parish|borough|census area|municipality)$/, '')
    .replace(/[^a-z]/g, '');

/**
 * The plan picker's choices: the landscape's Medicare Advantage plans in the client's county for the plan year (the
 * year asked, else the effective date's, else the upload's in the business time zone). No client, or a client without
 * a county the landscape knows, has none: staff then type the plan's id.
 */
export async function listEnrollmentPlans(
  deps: Pick<StaffEnrollmentsDeps, 'db' | 'timeZone'>,
  id: string,
  askedYear: number | undefined,
): Promise<EnrollmentPlanOptions> {
  const row = await selectQueueEnrollment(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', STAFF_ENROLLMENT_MESSAGES.notFound);
  const year =
    askedYear ??
    (row.effectiveDate ? Number(row.effectiveDate.slice(0, 4)) : datePartsIn(row.receivedAt, deps.timeZone).year);
  const place = row.clientId ? await getClientPlace(deps.db, row.clientId) : undefined;
  if (!place?.county || !/^[A-Z]{2}$/.test(place.state)) {
    return { county: place?.county || null, state: place?.state || null, year, plans: [] };
  }
  const wanted = countyKey(place.county);
  const county = (await listCounties(deps.db, place.state as StateCode)).find((c) => countyKey(c.label) === wanted);
  const plans = county ? await listLandscapePlansOfCounties(deps.db, [county.id], year) : [];
  return {
    county: county?.label ?? place.county,
    state: place.state,
    year,
    plans: plans.map((plan) => ({
      planId: contractPlanId(plan),
      planName: plan.planName,
      carrier: plan.orgName,
      planType: plan.planType,
    })),
  };
}
