import * as z from 'zod/mini';
import { NpnSchema } from './account.ts';
import { boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';
import { personNameSchema } from './person-name.ts';
import { ENROLLMENT_STATUSES, SOA_PRODUCTS } from './record-kinds.ts';

/** Upload limit (spec part 2 §9): 100 MB, PDF only. Exactly this many bytes is allowed; one more is not. */
export const ENROLLMENT_MAX_BYTES = 104_857_600;
/** Every PDF starts with these bytes; the server checks them in the first streamed chunk. */
export const PDF_SIGNATURE = '%PDF-';

/** The upload mode radio (spec §4): newapp is "New Enrollment", problem is "Pended Enrollment". */
export const EnrollmentModeSchema = z.enum(['newapp', 'problem']);
export type EnrollmentMode = z.infer<typeof EnrollmentModeSchema>;
export const ENROLLMENT_MODE_LABELS: Record<EnrollmentMode, string> = {
  newapp: 'New Enrollment',
  problem: 'Pended Enrollment',
};

/**
 * Where an enrollment stands. An upload starts as Received; the provider's staff move it on, in the back office's
 * queue or through the integration key, along the one table ENROLLMENT_TRANSITIONS. Pended needs a reason, which the
 * agent sees in the Pended Enrollments table; Resolved is a pended enrollment whose missing part has come in.
 */
export { ENROLLMENT_STATUSES };
export const EnrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES);
export type EnrollmentStatus = z.infer<typeof EnrollmentStatusSchema>;

/**
 * The one enrollment state machine: the statuses an enrollment may move to from each status, whoever moves
 * it — the back office's queue (its actions lead to In Review, Pended, Resolved and Submitted, and record the outcome:
 * Enrolled, Declined, Withdrawn, Cancelled) or the integration key. Received → In review → Submitted to carrier;
 * Pended from any open status; a pended enrollment goes on only once Resolved (or is declined or withdrawn); an open
 * one may be withdrawn; an enrolled one may be cancelled; Declined, Withdrawn and Cancelled are final.
 */
export const ENROLLMENT_TRANSITIONS: Record<EnrollmentStatus, readonly EnrollmentStatus[]> = {
  Received: ['In Review', 'Pended', 'Declined', 'Withdrawn'],
  'In Review': ['Pended', 'Submitted', 'Declined', 'Withdrawn'],
  Pended: ['Resolved', 'Declined', 'Withdrawn'],
  Resolved: ['In Review', 'Pended', 'Submitted', 'Declined', 'Withdrawn'],
  Submitted: ['Pended', 'Enrolled', 'Declined', 'Withdrawn'],
  Enrolled: ['Cancelled'],
  Declined: [],
  Withdrawn: [],
  Cancelled: [],
};

/** The outcomes staff record (issue 46), each told to the agent with the client's name. */
export const ENROLLMENT_OUTCOMES = [
  'Enrolled',
  'Declined',
  'Withdrawn',
  'Cancelled',
] as const satisfies readonly EnrollmentStatus[];
export type EnrollmentOutcome = (typeof ENROLLMENT_OUTCOMES)[number];

/** Why a move into each status is refused: the statuses it leaves from, as ENROLLMENT_TRANSITIONS has them. */
const REFUSED_INTO: Record<EnrollmentStatus, string> = {
  Received: 'An enrollment cannot go back to received.',
  'In Review': 'Only a received or resolved enrollment can be put in review.',
  Pended: 'Only an open enrollment (received, in review, resolved or submitted to the carrier) can be pended.',
  Resolved: 'Only a pended enrollment can be resolved.',
  Submitted: 'Only an enrollment in review or resolved can be submitted to the carrier.',
  Enrolled: 'Only an enrollment submitted to the carrier can be enrolled.',
  Declined: 'Only an open enrollment can be declined.',
  Withdrawn: 'Only an open enrollment can be withdrawn.',
  Cancelled: 'Only an enrolled enrollment can be cancelled.',
};

/** Texts of a status change, the same on both paths (the queue's STAFF_ENROLLMENT_MESSAGES reuse them). */
export const ENROLLMENT_MOVE_MESSAGES = {
  stale: 'This enrollment was changed by someone else. Reload to see the change.',
  notFound: 'No enrollment has this id',
  refusedInto: REFUSED_INTO,
  alreadyPended: 'This enrollment is pended already.',
  alreadySubmitted: 'This enrollment was submitted to the carrier already.',
} as const;

/** The refusal of a move from `from` to `to` (409), or undefined when ENROLLMENT_TRANSITIONS allows it. */
export function refusedEnrollmentMove(from: EnrollmentStatus, to: EnrollmentStatus): string | undefined {
  if (ENROLLMENT_TRANSITIONS[from].includes(to)) return undefined;
  if (from === to && to === 'Pended') return ENROLLMENT_MOVE_MESSAGES.alreadyPended;
  if (from === to && to === 'Submitted') return ENROLLMENT_MOVE_MESSAGES.alreadySubmitted;
  return REFUSED_INTO[to];
}

/**
 * The statuses as people read them (issue 32: Received → In review → Submitted to carrier | Pended → Resolved);
 * the stored values stay the integration API's.
 */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  Received: 'Received',
  'In Review': 'In review',
  Pended: 'Pended',
  Resolved: 'Resolved',
  Submitted: 'Submitted to carrier',
  Enrolled: 'Enrolled',
  Declined: 'Declined',
  Withdrawn: 'Withdrawn',
  Cancelled: 'Cancelled',
};

/** Spec part 2 §3: the fields keep the original API's names. */
export const EnrollmentSchema = z.object({
  id: IdSchema,
  Status: EnrollmentStatusSchema,
  /** why the enrollment is pended; null unless Status is Pended */
  Reason: z.nullable(z.string()),
  ClientFirst: z.nullable(z.string()),
  ClientLast: z.nullable(z.string()),
  ClientState: z.nullable(z.string()),
  carrier_name: z.nullable(z.string()),
  product_name: z.nullable(z.string()),
  /** when the provider received it */
  RecDate: DateTimeSchema,
  /** the mode chosen at upload */
  mode: EnrollmentModeSchema,
  /** the uploaded file's name; null for enrollments that reached the provider another way */
  fileName: z.nullable(z.string()),
  /** the client it is for (issue 46); ClientFirst and ClientLast are then the client's name */
  clientId: z.optional(z.nullable(z.string())),
  /** the plan's contract-plan id (`H1234-001`); product_name is its name */
  planId: z.optional(z.nullable(z.string())),
  productType: z.optional(z.nullable(z.enum(SOA_PRODUCTS))),
  /** YYYY-MM-DD */
  effectiveDate: z.optional(z.nullable(z.string())),
  applicationNumber: z.optional(z.nullable(z.string())),
  /**
   * the SOA scope check (issue 46): why no signed SOA of the client, signed before its appointment, covers the
   * enrollment's product type; null when one does, or while the client or the product type is not known
   */
  scopeFlag: z.optional(z.nullable(z.string())),
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;

/** The SOA scope check's reasons, the same for the agent and for staff. */
export const ENROLLMENT_SCOPE_MESSAGES = {
  noSoa: (product: string) => `No signed SOA of this client covers ${product}.`,
  signedAfter: (product: string) =>
    `The SOA covering ${product} was signed after the appointment: it must be signed before.`,
} as const;

/** A contract-plan id as CMS writes it: `H1234-001`, a segment other than 0 appended (`H1234-001-2`). */
export const PLAN_ID_PATTERN = /^[A-Z]\d{4}-\d{3}(?:-\d{1,3})?$/;

export const ListEnrollmentsResponseSchema = z.object({
  /** every enrollment of the agent, newest first */
  enrollments: z.array(EnrollmentSchema),
  /** those that are pended, newest first */
  pended: z.array(EnrollmentSchema),
});
export type ListEnrollmentsResponse = z.infer<typeof ListEnrollmentsResponseSchema>;

export const listEnrollments = defineRoute({
  method: 'GET',
  path: '/arc/agent/enrollments',
  summary: 'The agent’s enrollments and, separately, the pended ones',
  tags: ['enrollments'],
  auth: 'agent',
  responses: { 200: ListEnrollmentsResponseSchema, 401: ErrorResponseSchema },
});

/**
 * The multipart fields of the upload: the file is `enrollment`, the mode `radio1`; the client (`clientId`, one of the
 * agent's: another's is 404 and nothing is stored), the carrier and the plan, optional, come before the file.
 */
export const ENROLLMENT_UPLOAD_FIELDS = {
  file: 'enrollment',
  mode: 'radio1',
  client: 'clientId',
  carrier: 'carrier',
  plan: 'plan',
} as const;
/** the carrier's and the plan's longest text at upload */
export const ENROLLMENT_UPLOAD_TEXT_MAX = 200;

/**
 * Multipart (`enrollment` file, `radio1` mode), streamed to storage. 201 with the new enrollment;
 * 400 a missing file or a bad mode, 413 over 104857600 bytes, 415 not a PDF.
 */
export const createEnrollment = defineRoute({
  method: 'POST',
  path: '/arc/agent/enrollments',
  summary: 'Upload an enrollment PDF (multipart: clientId, carrier, plan, radio1, then enrollment)',
  tags: ['enrollments'],
  auth: 'agent',
  responses: {
    201: EnrollmentSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

/** A single-use token (60 s, the download-token mechanism) for the spreadsheet of the agent's enrollments. */
export const createEnrollmentsExportToken = defineRoute({
  method: 'POST',
  path: '/arc/agent/enrollments/export',
  summary: 'A single-use token, valid 60 s, for GET /arc/agent/enrollments/export/:token',
  tags: ['enrollments'],
  auth: 'agent',
  responses: { 200: z.object({ token: z.string() }), 401: ErrorResponseSchema, 429: ErrorResponseSchema },
});

/**
 * Opened by the browser in a new window (no bearer: the token is the credential). Streams the agent's
 * enrollments as `Enrollments.xlsx`. 404 a malformed token or one issued to another agent than the bearer
 * sent with it; 410 a used, unknown or expired one.
 */
export const exportEnrollments = defineRoute({
  method: 'GET',
  path: '/arc/agent/enrollments/export/:token',
  summary: 'The agent’s enrollments as an .xlsx spreadsheet',
  tags: ['enrollments'],
  auth: 'none',
  params: z.object({ token: z.string() }),
  responses: { 404: ErrorResponseSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
});

export const ENROLLMENTS_EXPORT_FILE_NAME = 'Enrollments.xlsx';
export const ENROLLMENTS_EXPORT_COLUMNS = [
  'Status',
  'Reason',
  'Client First',
  'Client Last',
  'State',
  'Carrier',
  'Product',
  'Received',
  'Type',
  'File',
] as const;

/** Texts the upload panel and the server share. */
export const ENROLLMENT_MESSAGES = {
  notPdf: 'Only PDF files can be uploaded.',
  tooLarge: 'The file is larger than 100 MB (104857600 bytes).',
  empty: 'The file is empty.',
  missingFile: 'Choose a PDF file to upload.',
  badMode: 'Choose New Enrollment or Pended Enrollment.',
  needsClient: 'Choose the client this enrollment is for.',
  fieldsFirst: 'Send the client, the carrier and the plan before the file.',
  textTooLong: `The carrier and the plan are at most ${200} characters.`,
  loadFailed: 'Loading enrollments failed',
  pendedAlert: 'You have pended enrollments. Please review the reasons below and resolve them.',
  noEnrollments: 'There are no enrollments to show.',
} as const;

/** The refusal past an agent's daily upload quota (UPLOADS_PER_DAY, UPLOAD_BYTES_PER_DAY), in the business day. */
export function uploadQuotaMessage(maxUploads: number, maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const size = mb >= 1 ? `${Math.floor(mb).toLocaleString('en-US')} MB` : `${maxBytes.toLocaleString('en-US')} bytes`;
  return `You have reached today's upload limit (${maxUploads.toLocaleString('en-US')} files or ${size} a day). You can upload again tomorrow.`;
}

// ── staff ─────────────────────────────────────────────────────────────────────────────────────────
// The provider's systems move enrollments through their statuses with the integration key (STAFF_API_KEY),
// not an agent's token; see docs/operations.md. Without the key these calls do not exist (404). The back office's
// queue (staff-enrollments.ts) moves them along the same ENROLLMENT_TRANSITIONS, through the same status change.

export const StaffEnrollmentSchema = z.extend(EnrollmentSchema, {
  agentNpn: z.string(),
  agentName: z.string(),
  updatedAt: DateTimeSchema,
  /** rises with every change, on either path; send it back as `version` to refuse a stale change (409) */
  version: z.int(),
});
export type StaffEnrollment = z.infer<typeof StaffEnrollmentSchema>;

export const FindStaffEnrollmentsQuerySchema = z.object({
  npn: z.optional(NpnSchema),
  status: z.optional(EnrollmentStatusSchema),
});

export const findStaffEnrollments = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrollments',
  summary: 'Staff: enrollments, optionally of one agent (NPN) or in one status (newest first, at most 200)',
  tags: ['staff'],
  auth: 'integration',
  query: FindStaffEnrollmentsQuerySchema,
  responses: { 200: z.object({ enrollments: z.array(StaffEnrollmentSchema) }), 401: ErrorResponseSchema },
});

const OptionalText = z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))));
const OptionalName = z.optional(z.nullable(personNameSchema({ max: 200 })));

export const UpdateEnrollmentStatusRequestSchema = z
  .strictObject({
    status: EnrollmentStatusSchema,
    /**
     * the version the caller read (optional): another version is refused (409, nothing written). Without it the
     * change applies to the enrollment as it stands, read and locked in the change's own transaction.
     */
    version: z.optional(z.int().check(z.gte(1))),
    /** required when status is Pended; cleared on any other status */
    reason: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
    ClientFirst: OptionalName,
    ClientLast: OptionalName,
    ClientState: z.optional(z.nullable(boundedString(2).check(z.regex(/^[A-Z]{2}$/)))),
    carrier_name: OptionalText,
    product_name: OptionalText,
  })
  .check(
    z.refine((body) => body.status !== 'Pended' || body.reason !== undefined, {
      message: 'A pended enrollment needs a reason',
      path: ['reason'],
    }),
  );
export type UpdateEnrollmentStatusRequest = z.infer<typeof UpdateEnrollmentStatusRequestSchema>;

/**
 * A move along ENROLLMENT_TRANSITIONS (409 with the reason otherwise, nothing written), at `version` when given
 * (409 stale otherwise); written in the enrollment's log as "Integration" and in the audit log, and a pend or a
 * resolution is news for the agent. The same status again only fills in the client details.
 */
export const updateEnrollmentStatus = defineRoute({
  method: 'PATCH',
  path: '/arc/staff/enrollments/:id',
  summary: 'Staff: move an enrollment to another status (Pended needs a reason) and fill in client details',
  tags: ['staff'],
  auth: 'integration',
  params: z.object({ id: IdSchema }),
  body: UpdateEnrollmentStatusRequestSchema,
  responses: {
    200: StaffEnrollmentSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});
