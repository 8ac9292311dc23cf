import * as z from 'zod/mini';
import { boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';
import {
  ENROLLMENT_MOVE_MESSAGES,
  ENROLLMENT_UPLOAD_TEXT_MAX,
  EnrollmentModeSchema,
  PLAN_ID_PATTERN,
  EnrollmentStatusSchema,
  ENROLLMENT_TRANSITIONS,
  type EnrollmentStatus,
} from './enrollments.ts';
import { SOA_PRODUCTS } from './soa-form-text.ts';
import { AssigneeFilterSchema, AssigneeIdSchema, WorkAssigneeSchema } from './staff-assignees.ts';
import { QUEUE_READERS } from './staff-roles.ts';

/**
 * The back office's enrollment queue (issue 32, docs/decisions/enrollments.md): every agent's uploads, filtered,
 * searched, sorted and paged; the PDF read in the page; Start review, Pend (with the reason the agent reads), Resolve
 * and Submit to carrier, each at the version the staff member saw. `admin` and `operations` act; `support` reads the
 * queue and the log (to answer an agent's call) but neither opens the PDF nor acts. The integration key's calls
 * (`/arc/staff/enrollments`, enrollments.ts) move enrollments along the same ENROLLMENT_TRANSITIONS.
 */
const QUEUE_ACTORS = { staff: ['admin', 'operations'] } as const;
/** who works an enrollment: admin and operations any, support those assigned to them (WORK_MESSAGES.supportAssignedOnly) */
const ENROLLMENT_WORKERS = { staff: ['admin', 'operations', 'support'] } as const;
/** How many enrollments one assignment takes at a time. */
export const STAFF_ENROLLMENTS_MAX_SELECTION = 200;

/** The queue's sort keys; a leading `-` sorts descending. */
export const ENROLLMENT_SORT_KEYS = ['receivedAt', 'agent', 'client', 'carrier', 'status'] as const;
export const EnrollmentSortSchema = z.enum([
  ...ENROLLMENT_SORT_KEYS,
  ...ENROLLMENT_SORT_KEYS.map((k) => `-${k}` as const),
]);
export type EnrollmentSort = z.infer<typeof EnrollmentSortSchema>;
export const STAFF_ENROLLMENTS_PAGE_SIZE = 50;
/** Past this many matches the queue says "10,000+" instead of counting on (docs/decisions/back-office.md's cap). */
export const STAFF_ENROLLMENTS_TOTAL_CAP = 10_000;

const DaySchema = boundedString(10, 'Enter a date as YYYY-MM-DD').check(z.iso.date('Enter a date as YYYY-MM-DD'));

export const ListStaffEnrollmentsQuerySchema = z.object({
  /** a prefix of the agent's NPN, last name or "first last", or of the client's last name */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(EnrollmentStatusSchema),
  carrier: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  mode: z.optional(EnrollmentModeSchema),
  /** upload dates from and to, inclusive, in the business time zone */
  from: z.optional(DaySchema),
  to: z.optional(DaySchema),
  /** `mine`, `none` (unassigned) or a staff member's id (staff-work.ts) */
  assignee: z.optional(AssigneeFilterSchema),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  sort: z._default(EnrollmentSortSchema, '-receivedAt'),
});
export type ListStaffEnrollmentsQuery = z.input<typeof ListStaffEnrollmentsQuerySchema>;

export const StaffEnrollmentRowSchema = z.object({
  id: z.string(),
  /** sent back with an action: a stale version is refused (409) */
  version: z.int(),
  status: EnrollmentStatusSchema,
  /** what is missing, while the enrollment is pended */
  reason: z.nullable(z.string()),
  mode: EnrollmentModeSchema,
  agent: z.object({ npn: z.string(), firstName: z.string(), lastName: z.string() }),
  client: z.object({
    /** the agent's client it is for (issue 46): the names are then the client's */
    id: z.optional(z.nullable(z.string())),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    state: z.nullable(z.string()),
  }),
  carrier: z.nullable(z.string()),
  /** the plan's name */
  product: z.nullable(z.string()),
  /** the plan's contract-plan id (`H1234-001`) */
  planId: z.optional(z.nullable(z.string())),
  productType: z.optional(z.nullable(z.enum(SOA_PRODUCTS))),
  /** YYYY-MM-DD */
  effectiveDate: z.optional(z.nullable(z.string())),
  applicationNumber: z.optional(z.nullable(z.string())),
  /** the SOA scope check's reason (ENROLLMENT_SCOPE_MESSAGES); null when covered or not yet checkable */
  scopeFlag: z.optional(z.nullable(z.string())),
  /** the upload time */
  receivedAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  /** the uploaded PDF's name; null when the enrollment reached the provider without a file */
  fileName: z.nullable(z.string()),
  fileSize: z.nullable(z.int()),
  /** the staff member working the enrollment */
  assignee: z.nullable(WorkAssigneeSchema),
});
export type StaffEnrollmentRow = z.infer<typeof StaffEnrollmentRowSchema>;

export const StaffEnrollmentListSchema = z.object({
  rows: z.array(StaffEnrollmentRowSchema),
  /**
   * exact up to STAFF_ENROLLMENTS_TOTAL_CAP (or the end of the page asked for), then capped
   * (docs/decisions/back-office.md)
   */
  total: z.int(),
  totalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
  /** the carrier filter's choices */
  carriers: z.array(z.string()),
  /** the assignee filter's choices: every active member who may work enrollments */
  assignees: z.array(WorkAssigneeSchema),
});
export type StaffEnrollmentList = z.infer<typeof StaffEnrollmentListSchema>;

export const EnrollmentLogEntrySchema = z.object({
  at: DateTimeSchema,
  /** the staff member (their e-mail's local part), or "Integration" for the STAFF_API_KEY calls */
  by: z.string(),
  action: z.string(),
});
export type EnrollmentLogEntry = z.infer<typeof EnrollmentLogEntrySchema>;

export const StaffEnrollmentDetailSchema = z.object({
  enrollment: StaffEnrollmentRowSchema,
  /** newest first */
  log: z.array(EnrollmentLogEntrySchema),
});
export type StaffEnrollmentDetail = z.infer<typeof StaffEnrollmentDetailSchema>;

export const ENROLLMENT_ACTIONS = [
  'review',
  'pend',
  'resolve',
  'submit',
  'enroll',
  'decline',
  'withdraw',
  'cancel',
] as const;
export type EnrollmentActionKind = (typeof ENROLLMENT_ACTIONS)[number];
/** the actions that record the outcome (issue 46), apart from the work's own */
export const ENROLLMENT_OUTCOME_ACTIONS = [
  'enroll',
  'decline',
  'withdraw',
  'cancel',
] as const satisfies readonly EnrollmentActionKind[];
export const ENROLLMENT_ACTION_LABELS: Record<EnrollmentActionKind, string> = {
  review: 'Start review',
  pend: 'Pend',
  resolve: 'Resolve',
  submit: 'Submit to carrier',
  enroll: 'Enrolled',
  decline: 'Declined',
  withdraw: 'Withdrawn',
  cancel: 'Cancelled',
};

/**
 * The status each action moves to; whether it may, from the status an enrollment is in, is the one table's
 * (ENROLLMENT_TRANSITIONS, enrollments.ts). The outcome's four (Enrolled, Declined, Withdrawn, Cancelled) are told to
 * the agent with the client's name.
 */
export const ENROLLMENT_ACTION_TARGETS: Record<EnrollmentActionKind, EnrollmentStatus> = {
  review: 'In Review',
  pend: 'Pended',
  resolve: 'Resolved',
  submit: 'Submitted',
  enroll: 'Enrolled',
  decline: 'Declined',
  withdraw: 'Withdrawn',
  cancel: 'Cancelled',
};

/**
 * The actions offered on an enrollment in `status`: those whose target the one table (ENROLLMENT_TRANSITIONS) allows
 * from it, in ENROLLMENT_ACTIONS' order. No other action is shown, so no button leads to the 409 of a refused move.
 */
export const offeredEnrollmentActions = (status: EnrollmentStatus): EnrollmentActionKind[] =>
  ENROLLMENT_ACTIONS.filter((kind) => ENROLLMENT_TRANSITIONS[status].includes(ENROLLMENT_ACTION_TARGETS[kind]));

export const PEND_REASON_MAX = 500;

export const EnrollmentActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('review') }),
  z.object({
    kind: z.literal('pend'),
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Say what is missing: the agent reads it'),
        z.maxLength(PEND_REASON_MAX, `The reason is at most ${PEND_REASON_MAX} characters`),
      ),
  }),
  z.object({ kind: z.literal('resolve') }),
  z.object({ kind: z.literal('submit') }),
  z.object({ kind: z.literal('enroll') }),
  z.object({ kind: z.literal('decline') }),
  z.object({ kind: z.literal('withdraw') }),
  z.object({ kind: z.literal('cancel') }),
]);
export type EnrollmentAction = z.infer<typeof EnrollmentActionSchema>;

export const ActOnStaffEnrollmentSchema = z.strictObject({
  version: z.int().check(z.gte(1)),
  action: EnrollmentActionSchema,
});
export type ActOnStaffEnrollment = z.infer<typeof ActOnStaffEnrollmentSchema>;

export const STAFF_ENROLLMENT_MESSAGES = {
  stale: ENROLLMENT_MOVE_MESSAGES.stale,
  notFound: ENROLLMENT_MOVE_MESSAGES.notFound,
  noFile: 'This enrollment came without a PDF.',
  /** the refusal of an action in a status it does not leave from */
  illegal: {
    review: ENROLLMENT_MOVE_MESSAGES.refusedInto['In Review'],
    pend: ENROLLMENT_MOVE_MESSAGES.refusedInto.Pended,
    resolve: ENROLLMENT_MOVE_MESSAGES.refusedInto.Resolved,
    submit: ENROLLMENT_MOVE_MESSAGES.refusedInto.Submitted,
    enroll: ENROLLMENT_MOVE_MESSAGES.refusedInto.Enrolled,
    decline: ENROLLMENT_MOVE_MESSAGES.refusedInto.Declined,
    withdraw: ENROLLMENT_MOVE_MESSAGES.refusedInto.Withdrawn,
    cancel: ENROLLMENT_MOVE_MESSAGES.refusedInto.Cancelled,
  } satisfies Record<EnrollmentActionKind, string>,
  alreadyPended: ENROLLMENT_MOVE_MESSAGES.alreadyPended,
  alreadySubmitted: ENROLLMENT_MOVE_MESSAGES.alreadySubmitted,
} as const;

export const listStaffEnrollments = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrollments/queue',
  summary: 'Every agent’s enrollment uploads: filtered, searched, sorted, a page at a time',
  tags: ['staff'],
  auth: QUEUE_READERS,
  query: ListStaffEnrollmentsQuerySchema,
  responses: { 200: StaffEnrollmentListSchema, 400: ErrorResponseSchema },
});

/** The export's filters: the list's, without the page (every match, not one page). */
export const ExportStaffEnrollmentsQuerySchema = z.omit(ListStaffEnrollmentsQuerySchema, { page: true });
export type ExportStaffEnrollmentsQuery = z.input<typeof ExportStaffEnrollmentsQuerySchema>;

/** The export's file name, with the day it was made in the business time zone (YYYY-MM-DD). */
export const staffEnrollmentsExportFileName = (day: string) => `Enrollments queue ${day}.xlsx`;
export const STAFF_ENROLLMENTS_EXPORT_COLUMNS = [
  'Id',
  'Status',
  'Reason',
  'Received',
  'Agent NPN',
  'Agent',
  'Client First',
  'Client Last',
  'State',
  'Carrier',
  'Plan',
  'Plan id',
  'Product type',
  'Effective',
  'Application number',
  'Type',
  'File',
  'Assigned to',
] as const;

/**
 * Every enrollment matching the queue's filters and search (not only the ticked rows), newest upload first (oldest
 * first when the queue is sorted so), streamed as an .xlsx spreadsheet; each export is audited
 * (`enrollment-queue.exported`). The queue's readers may export.
 */
export const exportStaffEnrollments = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrollments/queue/export',
  summary: 'The enrollments matching the queue’s filters and search as an .xlsx spreadsheet',
  tags: ['staff'],
  auth: QUEUE_READERS,
  query: ExportStaffEnrollmentsQuerySchema,
  responses: { 400: ErrorResponseSchema },
});

export const getStaffEnrollment = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrollments/queue/:id',
  summary: 'One enrollment of the queue with its log',
  tags: ['staff'],
  auth: QUEUE_READERS,
  params: z.object({ id: IdSchema }),
  responses: { 200: StaffEnrollmentDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

/** The uploaded PDF, streamed (`?disposition=attachment` to save it); each read is audited. */
export const getStaffEnrollmentFile = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrollments/queue/:id/file',
  summary: 'The enrollment’s uploaded PDF',
  tags: ['staff'],
  auth: ENROLLMENT_WORKERS,
  params: z.object({ id: IdSchema }),
  query: z.object({ disposition: z.optional(z.enum(['inline', 'attachment'])) }),
  responses: { 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

/**
 * Start review, Pend (reason), Resolve or Submit to carrier, at the version shown: a stale version or an illegal
 * move is a 409 and nothing is written. Answers the enrollment and its log as they are now.
 */
export const actOnStaffEnrollment = defineRoute({
  method: 'POST',
  path: '/arc/staff/enrollments/queue/:id/actions',
  summary: 'Start review, Pend, Resolve, Submit to carrier, or record the outcome',
  tags: ['staff'],
  auth: ENROLLMENT_WORKERS,
  params: z.object({ id: IdSchema }),
  body: ActOnStaffEnrollmentSchema,
  responses: {
    200: StaffEnrollmentDetailSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

export const AssignStaffEnrollmentsSchema = z.strictObject({
  enrollments: z
    .array(z.object({ id: IdSchema, version: z.int().check(z.gte(1)) }))
    .check(
      z.minLength(1, 'Select at least one enrollment'),
      z.maxLength(STAFF_ENROLLMENTS_MAX_SELECTION, `Select at most ${STAFF_ENROLLMENTS_MAX_SELECTION} enrollments`),
    ),
  assigneeId: AssigneeIdSchema,
});
export type AssignStaffEnrollments = z.infer<typeof AssignStaffEnrollmentsSchema>;

/**
 * Assigns one enrollment or a selection to a staff member who works enrollments (or unassigns it), all or nothing at
 * the versions shown; each gets a line in its log and an audit event. Answers the enrollments as they are now.
 */
export const assignStaffEnrollments = defineRoute({
  method: 'POST',
  path: '/arc/staff/enrollments/queue/assign',
  summary: 'Assign one enrollment or a selection to a staff member, or unassign it',
  tags: ['staff'],
  auth: QUEUE_ACTORS,
  body: AssignStaffEnrollmentsSchema,
  responses: {
    200: z.object({ enrollments: z.array(StaffEnrollmentRowSchema) }),
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

// ── the enrollment's data (issue 46) ──────────────────────────────────────────────────────────────────

const ENROLLMENT_DATA_TEXT = {
  carrier: `The carrier is at most ${ENROLLMENT_UPLOAD_TEXT_MAX} characters`,
  planName: `The plan's name is at most ${ENROLLMENT_UPLOAD_TEXT_MAX} characters`,
  planId: 'Enter the plan as its contract-plan id, like H1234-001',
  effectiveDate: 'Enter the effective date as YYYY-MM-DD',
  applicationNumber: 'The application or confirmation number is letters, digits and dashes, at most 40',
} as const;

/** What staff enter or correct on an enrollment; null clears a field. Sent at the version shown (409 stale). */
export const UpdateStaffEnrollmentDataSchema = z.strictObject({
  version: z.int().check(z.gte(1)),
  carrier: z.nullable(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(ENROLLMENT_UPLOAD_TEXT_MAX, ENROLLMENT_DATA_TEXT.carrier)),
  ),
  planId: z.nullable(
    boundedString(16, ENROLLMENT_DATA_TEXT.planId).check(z.regex(PLAN_ID_PATTERN, ENROLLMENT_DATA_TEXT.planId)),
  ),
  planName: z.nullable(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(ENROLLMENT_UPLOAD_TEXT_MAX, ENROLLMENT_DATA_TEXT.planName)),
  ),
  productType: z.nullable(z.enum(SOA_PRODUCTS)),
  effectiveDate: z.nullable(DaySchema),
  applicationNumber: z.nullable(
    boundedString(40, ENROLLMENT_DATA_TEXT.applicationNumber).check(
      z.regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, ENROLLMENT_DATA_TEXT.applicationNumber),
    ),
  ),
});
export type UpdateStaffEnrollmentData = z.infer<typeof UpdateStaffEnrollmentDataSchema>;

/**
 * Enters or corrects the enrollment's carrier, plan, product type, effective date and application number at the
 * version shown: a stale version is a 409 and nothing is written; logged and audited (the fields' names only).
 */
export const updateStaffEnrollmentData = defineRoute({
  method: 'PUT',
  path: '/arc/staff/enrollments/queue/:id/data',
  summary: 'Enter or correct the carrier, plan, product type, effective date and application number',
  tags: ['staff'],
  auth: ENROLLMENT_WORKERS,
  params: z.object({ id: IdSchema }),
  body: UpdateStaffEnrollmentDataSchema,
  responses: {
    200: StaffEnrollmentDetailSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

export const EnrollmentPlanOptionSchema = z.object({
  /** the contract-plan id, `H1234-001` */
  planId: z.string(),
  planName: z.string(),
  carrier: z.string(),
  planType: z.nullable(z.string()),
});
export type EnrollmentPlanOption = z.infer<typeof EnrollmentPlanOptionSchema>;

export const EnrollmentPlanOptionsSchema = z.object({
  /** the client's county and state the plans serve; null when the enrollment has no client or the client no county */
  county: z.nullable(z.string()),
  state: z.nullable(z.string()),
  /** the plan year: the effective date's, else the upload's */
  year: z.int(),
  plans: z.array(EnrollmentPlanOptionSchema),
});
export type EnrollmentPlanOptions = z.infer<typeof EnrollmentPlanOptionsSchema>;

/** The landscape's Medicare Advantage plans in the client's county for the plan year: the plan picker's choices. */
export const listStaffEnrollmentPlans = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrollments/queue/:id/plans',
  summary: 'The plans of the landscape in the client’s county and plan year',
  tags: ['staff'],
  auth: QUEUE_READERS,
  params: z.object({ id: IdSchema }),
  query: z.object({ year: z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))) }),
  responses: { 200: EnrollmentPlanOptionsSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});
