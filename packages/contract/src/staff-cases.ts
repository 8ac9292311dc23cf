import * as z from 'zod/mini';
import { CASE_REQUEST_TYPES } from './cases.ts';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';
import { CaseStatusSchema } from './my-cases.ts';
import { AssigneeIdSchema } from './staff-assignees.ts';
import { CASE_STAFF } from './staff-roles.ts';

/**
 * The back office's member-support cases (issue 32, docs/decisions/cases.md): the cases agents file with the Case Form,
 * listed, filtered and paged; one case opened with its thread; **Assign to me**, a status, internal notes and a
 * **Reply** e-mailed to the agent. `admin`, `operations` and `support`.
 */

/** The queue's sort keys; a leading `-` sorts descending. `updated`: the last thing done on the case. */
export const CASE_SORT_KEYS = ['created', 'updated', 'agent', 'status'] as const;
export const CaseSortSchema = z.enum([...CASE_SORT_KEYS, ...CASE_SORT_KEYS.map((k) => `-${k}` as const)]);
export type CaseSort = z.infer<typeof CaseSortSchema>;
export const STAFF_CASES_PAGE_SIZE = 50;

/** The assignee filter: `mine` (the signed-in staff member), `none` (unassigned), or a staff member's id. */
export const CaseAssigneeFilterSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const ListStaffCasesQuerySchema = z.object({
  /** a case reference, or a prefix of the agent's NPN, last name or "first last", or of the member's name or ID */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(CaseStatusSchema),
  assignee: z.optional(CaseAssigneeFilterSchema),
  requestType: z.optional(z.enum(CASE_REQUEST_TYPES)),
  carrier: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  sort: z._default(CaseSortSchema, '-created'),
});
export type ListStaffCasesQuery = z.input<typeof ListStaffCasesQuerySchema>;

/** A staff member as a case names them: the e-mail's local part, the only name a staff account has. */
export const CaseStaffSchema = z.object({ id: z.string(), name: z.string() });
export type CaseStaff = z.infer<typeof CaseStaffSchema>;

const CaseAgentSchema = z.object({ npn: z.string(), firstName: z.string(), lastName: z.string() });

export const StaffCaseRowSchema = z.object({
  id: z.string(),
  /** sent back with an action: a stale version is refused (409) */
  version: z.int(),
  status: CaseStatusSchema,
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  agent: CaseAgentSchema,
  requestType: z.enum(CASE_REQUEST_TYPES),
  memberName: z.string(),
  carrier: z.string(),
  assignee: z.nullable(CaseStaffSchema),
});
export type StaffCaseRow = z.infer<typeof StaffCaseRowSchema>;

export const StaffCaseListSchema = z.object({
  rows: z.array(StaffCaseRowSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** the assignee filter's choices: every staff member who may take a case */
  assignees: z.array(CaseStaffSchema),
  /** the carrier filter's choices: every carrier with cases */
  carriers: z.array(z.string()),
  /**
   * The work dashboard's SLA for cases (`SLA_CASES_HOURS`, the same setting): an Open case older than this is past
   * its SLA (a reply moves it to In progress).
   */
  slaHours: z.int(),
});
export type StaffCaseList = z.infer<typeof StaffCaseListSchema>;

/** An entry of a case's thread: a reply (e-mailed to the agent, shown on My cases) or an internal note. */
export const CaseMessageSchema = z.object({
  id: z.int(),
  kind: z.enum(['reply', 'note']),
  body: z.string(),
  author: CaseStaffSchema,
  createdAt: DateTimeSchema,
  /** a reply: the address it was e-mailed to; null when the agent takes case replies in the portal only */
  emailedTo: z.nullable(z.string()),
});
export type CaseMessage = z.infer<typeof CaseMessageSchema>;

export const StaffCaseSchema = z.object({
  ...StaffCaseRowSchema.shape,
  agent: z.object({ ...CaseAgentSchema.shape, email: z.string() }),
  memberId: z.string(),
  /** YYYY-MM-DD */
  dateOfBirth: z.string(),
  memberPhoneNumber: z.string(),
  description: z.string(),
  carrierService: z.string(),
  /** replies and internal notes, oldest first */
  thread: z.array(CaseMessageSchema),
});
export type StaffCase = z.infer<typeof StaffCaseSchema>;

const MessageText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is at most ${max} characters`));

export const CASE_ACTIONS = ['assign', 'status', 'note', 'reply'] as const;
export type CaseActionKind = (typeof CASE_ACTIONS)[number];

export const CaseActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('assign') }),
  z.object({ kind: z.literal('status'), status: CaseStatusSchema }),
  z.object({ kind: z.literal('note'), text: MessageText('The note', 4000) }),
  z.object({ kind: z.literal('reply'), text: MessageText('The reply', 10_000) }),
]);
export type CaseAction = z.infer<typeof CaseActionSchema>;

export const ActOnStaffCaseSchema = z.strictObject({
  /** the case's version the staff member saw */
  version: z.int().check(z.gte(1)),
  action: CaseActionSchema,
});
export type ActOnStaffCase = z.infer<typeof ActOnStaffCaseSchema>;

/** The note and reply forms: the text alone (the version and the kind come from the page). */
export const CaseNoteFormSchema = z.object({ text: MessageText('The note', 4000) });
export const CaseReplyFormSchema = z.object({ text: MessageText('The reply', 10_000) });

export const STAFF_CASE_MESSAGES = {
  stale: 'This case was changed by someone else. Reload to see the change.',
  notFound: 'No case has this reference',
  alreadyAssigned: 'This case is assigned to you already.',
  sameStatus: 'The case has this status already.',
  replied: 'Reply sent to the agent.',
  repliedInPortal: 'Reply saved: the agent reads case replies in the portal only (no e-mail).',
  noted: 'Note added.',
  assigned: 'The case is assigned to you.',
  statusChanged: 'Status saved.',
} as const;

export const listStaffCases = defineRoute({
  method: 'GET',
  path: '/arc/staff/cases',
  summary: 'The member-support cases agents filed: filtered, searched, sorted, a page at a time',
  tags: ['staff'],
  auth: CASE_STAFF,
  query: ListStaffCasesQuerySchema,
  responses: { 200: StaffCaseListSchema, 400: ErrorResponseSchema },
});

export const getStaffCase = defineRoute({
  method: 'GET',
  path: '/arc/staff/cases/:id',
  summary: 'One case with the agent, the form’s fields and its thread (replies and internal notes)',
  tags: ['staff'],
  auth: CASE_STAFF,
  params: z.object({ id: IdSchema }),
  responses: { 200: StaffCaseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

/**
 * Assign to me, a status, an internal note or a reply to the agent, at the version the staff member saw: a stale
 * version is a 409 and nothing is written. Answers the case as it is now.
 */
export const actOnStaffCase = defineRoute({
  method: 'POST',
  path: '/arc/staff/cases/:id/actions',
  summary: 'Assign to me, set the status, add an internal note, or reply to the agent by e-mail',
  tags: ['staff'],
  auth: CASE_STAFF,
  params: z.object({ id: IdSchema }),
  body: ActOnStaffCaseSchema,
  responses: {
    200: StaffCaseSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

/** How many cases one assignment takes at a time. */
export const STAFF_CASES_MAX_SELECTION = 200;

export const AssignStaffCasesSchema = z.strictObject({
  cases: z
    .array(z.object({ id: IdSchema, version: z.int().check(z.gte(1)) }))
    .check(
      z.minLength(1, 'Select at least one case'),
      z.maxLength(STAFF_CASES_MAX_SELECTION, `Select at most ${STAFF_CASES_MAX_SELECTION} cases`),
    ),
  assigneeId: AssigneeIdSchema,
});
export type AssignStaffCases = z.infer<typeof AssignStaffCasesSchema>;

/**
 * Assigns one case or a selection to a staff member who works cases (or unassigns it), all or nothing at the versions
 * shown, each with an audit event. Answers the cases as they are now.
 */
export const assignStaffCases = defineRoute({
  method: 'POST',
  path: '/arc/staff/cases/assign',
  summary: 'Assign one case or a selection to a staff member, or unassign it',
  tags: ['staff'],
  auth: CASE_STAFF,
  body: AssignStaffCasesSchema,
  responses: {
    200: z.object({ cases: z.array(StaffCaseRowSchema) }),
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});
