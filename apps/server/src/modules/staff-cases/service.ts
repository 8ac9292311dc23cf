import {
  paths,
  STAFF_CASE_MESSAGES,
  STAFF_CASES_PAGE_SIZE,
  type ActOnStaffCase,
  type AssignStaffCases,
  type CaseAction,
  type CaseRequestType,
  type CaseSort,
  type CaseStaff,
  type CaseStatus,
  type ListStaffCasesQuery,
  type StaffCase,
  type StaffCaseList,
  type StaffCaseRow,
  type StaffMember,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { AuditAction } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { raiseNotification, type NotificationsDeps } from '../notifications/service.ts';
import { assigneeFilter, checkAssignee, listAssignees, staffDisplayName } from '../staff-work/service.ts';
import { caseReplyMail } from './emails.ts';
import {
  insertCaseMessage,
  selectCarriers,
  selectCase,
  selectCases,
  selectCasesPage,
  selectThread,
  setReplyEmailedTo,
  updateCaseAtVersion,
  type CaseChange,
  type QueueCase,
} from './queries.ts';

export interface StaffCasesDeps extends NotificationsDeps {
  db: Db;
  clock: Clock;
  /** the work dashboard's SLA for cases (`SLA_CASES_HOURS`, workSla in staff-work) */
  slaHours: number;
}

/** Who acts: named in the case's thread and the audit log. */
export interface StaffActor {
  staff: StaffMember;
  ip: string;
}

/** A staff member as a case names them: their name, or the e-mail's local part when they have none. */
const toStaff = (id: string, email: string, name: string | null): CaseStaff => ({
  id,
  name: staffDisplayName({ email, name }),
});

const statusOf = (stored: string): CaseStatus => (stored === 'In progress' || stored === 'Closed' ? stored : 'Open');

export function toStaffCaseRow(row: QueueCase): StaffCaseRow {
  return {
    id: row.id,
    version: row.version,
    status: statusOf(row.status),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    agent: { npn: row.agentNpn, firstName: row.agentFirstName, lastName: row.agentLastName },
    requestType: row.requestType as CaseRequestType,
    memberName: row.memberName,
    carrier: row.carrier,
    assignee: row.assigneeId && row.assigneeEmail ? toStaff(row.assigneeId, row.assigneeEmail, row.assigneeName) : null,
  };
}

export async function listCases(
  deps: Pick<StaffCasesDeps, 'db' | 'slaHours'>,
  staff: StaffMember,
  query: ListStaffCasesQuery & { page: number; sort: CaseSort },
): Promise<StaffCaseList> {
  const { page, sort, assignee, ...filter } = query;
  const assigneeId = assigneeFilter(assignee, staff);
  const { rows, total } = await selectCasesPage(deps.db, { ...filter, assigneeId }, page, sort);
  return {
    rows: rows.map(toStaffCaseRow),
    total,
    page,
    pageSize: STAFF_CASES_PAGE_SIZE,
    assignees: await listAssignees(deps.db, 'cases'),
    carriers: await selectCarriers(deps.db),
    slaHours: deps.slaHours,
  };
}

/** One case with the form's fields and its whole thread; 404 for an unknown reference. */
export async function getCase(deps: Pick<StaffCasesDeps, 'db'>, id: string): Promise<StaffCase> {
  const row = await selectCase(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', STAFF_CASE_MESSAGES.notFound);
  const thread = await selectThread(deps.db, id);
  const base = toStaffCaseRow(row);
  return {
    ...base,
    agent: { ...base.agent, email: row.agentEmail },
    memberId: row.memberId,
    dateOfBirth: row.dateOfBirth,
    memberPhoneNumber: row.memberPhoneNumber,
    description: row.description,
    carrierService: row.carrierService,
    thread: thread.map((m) => ({
      id: m.id,
      kind: m.kind === 'reply' ? 'reply' : 'note',
      body: m.body,
      author: toStaff(m.staffId, m.staffEmail, m.staffName),
      createdAt: m.createdAt,
      emailedTo: m.emailedTo,
    })),
  };
}

/** What an action changes on the case, the thread entry it writes (if any), and its audit event. */
function effectOf(
  action: CaseAction,
  current: QueueCase,
  staff: StaffMember,
  now: Date,
): { change: CaseChange; message?: { kind: 'reply' | 'note'; body: string }; audit: AuditAction; detail: object } {
  switch (action.kind) {
    case 'assign':
      if (current.assigneeId === staff.id) throw new AppError('CONFLICT', STAFF_CASE_MESSAGES.alreadyAssigned);
      return { change: { assigneeId: staff.id }, audit: 'case.assigned', detail: { from: current.assigneeId } };
    case 'status':
      if (statusOf(current.status) === action.status) throw new AppError('CONFLICT', STAFF_CASE_MESSAGES.sameStatus);
      return {
        // the work dashboard's "done" per day: when it closed (cleared when it is opened again)
        change: { status: action.status, doneAt: action.status === 'Closed' ? now : null },
        audit: 'case.status-changed',
        detail: { from: statusOf(current.status), to: action.status },
      };
    case 'note':
      return { change: {}, message: { kind: 'note', body: action.text }, audit: 'case.noted', detail: {} };
    case 'reply':
      // a reply to an Open case starts the work on it: In progress (issue 47)
      return {
        change: statusOf(current.status) === 'Open' ? { status: 'In progress' } : {},
        message: { kind: 'reply', body: action.text },
        audit: 'case.replied',
        detail: statusOf(current.status) === 'Open' ? { from: 'Open', to: 'In progress' } : {},
      };
  }
}

/**
 * One action on one case at the version the staff member saw (docs/decisions/cases.md): the case is locked, must still
 * be at that version (else 409 STAFF_CASE_MESSAGES.stale) and allow the action; then it is changed, its thread entry
 * and an audit event are written, all in one transaction. After the commit a reply raises the agent's "reply to a case"
 * notification, whose e-mail is the reply itself (the opt-out on My Profile applies). Answers the case as it is now.
 */
export async function actOnCase(
  deps: StaffCasesDeps,
  actor: StaffActor,
  id: string,
  input: ActOnStaffCase,
): Promise<StaffCase> {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const current = await selectCase(tx, id, true);
    if (!current) throw new AppError('NOT_FOUND', STAFF_CASE_MESSAGES.notFound);
    if (current.version !== input.version) throw new AppError('CONFLICT', STAFF_CASE_MESSAGES.stale);
    const effect = effectOf(input.action, current, actor.staff, now);
    if (!(await updateCaseAtVersion(tx, id, current.version, effect.change, now))) {
      throw new AppError('CONFLICT', STAFF_CASE_MESSAGES.stale);
    }
    const messageId = effect.message
      ? await insertCaseMessage(tx, { caseId: id, ...effect.message, staffId: actor.staff.id, createdAt: now })
      : undefined;
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: current.agentId,
        staffId: actor.staff.id,
        ip: actor.ip,
        action: effect.audit,
        subject: id,
        detail: { ...effect.detail, ...(messageId === undefined ? {} : { messageId }) },
      },
    );
    return { current, messageId };
  });

  if (input.action.kind === 'reply' && done.messageId !== undefined) {
    const { emailedTo } = await notifyReply(deps, done.current, input.action.text, staffDisplayName(actor.staff));
    if (emailedTo) await setReplyEmailedTo(deps.db, done.messageId, emailedTo);
  }
  return getCase(deps, id);
}

/**
 * Assigns one case or a selection to a member who works cases, or unassigns it (issue 47): all or nothing at the
 * versions shown (409 stale), each with an audit event with from and to.
 */
export async function assignCases(
  deps: Pick<StaffCasesDeps, 'db' | 'clock'>,
  actor: StaffActor,
  input: AssignStaffCases,
): Promise<StaffCaseRow[]> {
  const ids = [...new Set(input.cases.map((c) => c.id))];
  const isSelection = ids.length > 1;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const assignee = await checkAssignee(tx, 'cases', input.assigneeId);
    const locked = new Map((await selectCases(tx, ids, true)).map((c) => [c.id, c]));
    const refuse = (code: 'CONFLICT' | 'NOT_FOUND', id: string, message: string) =>
      new AppError(code, isSelection ? `Case ${id}: ${message}` : message);
    for (const { id, version } of input.cases) {
      const row = locked.get(id);
      if (!row) throw refuse('NOT_FOUND', id, STAFF_CASE_MESSAGES.notFound);
      if (row.version !== version) throw refuse('CONFLICT', id, STAFF_CASE_MESSAGES.stale);
    }
    for (const id of ids) {
      const row = locked.get(id)!;
      if (!(await updateCaseAtVersion(tx, id, row.version, { assigneeId: assignee?.id ?? null }, now))) {
        throw refuse('CONFLICT', id, STAFF_CASE_MESSAGES.stale);
      }
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: row.agentId,
          staffId: actor.staff.id,
          ip: actor.ip,
          action: 'case.assigned',
          subject: id,
          detail: { from: row.assigneeId, to: assignee?.id ?? null },
        },
      );
    }
  });
  return (await selectCases(deps.db, ids)).map(toStaffCaseRow);
}

/** Where a reply's notification and e-mail lead: the agent's My cases with the case opened. */
export const myCaseLink = (caseId: string) => `${paths.myCases}?case=${encodeURIComponent(caseId)}`;

/** The case as a short phrase: what it is about and for whom. */
export const caseTopic = (row: Pick<QueueCase, 'requestType' | 'memberName'>) =>
  `${row.requestType}${row.memberName ? ` for ${row.memberName}` : ''}`;

async function notifyReply(deps: StaffCasesDeps, row: QueueCase, reply: string, author: string) {
  const link = myCaseLink(row.id);
  const title = `Member support replied: ${caseTopic(row)}`;
  return raiseNotification(deps, {
    agentId: row.agentId,
    kind: 'case-reply',
    title,
    body: reply.length > 500 ? `${reply.slice(0, 499)}…` : reply,
    link,
    email: caseReplyMail({
      subject: `${deps.config.providerName}: ${title}`,
      firstName: row.agentFirstName,
      topic: caseTopic(row),
      reply,
      author,
      productName: deps.config.providerName,
      url: new URL(link, deps.config.publicUrl).href,
    }),
  });
}
