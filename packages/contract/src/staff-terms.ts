import * as z from 'zod/mini';
import { NpnSchema } from './account.ts';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';
import { RichTextSchema } from './rich-text.ts';
import { TERMS_STAFF } from './staff-roles.ts';

/**
 * Terms versions in the back office (issue 33, docs/decisions/terms.md): draft a version in rich text, preview it as
 * the agents' terms gate shows it, publish it now or from a later moment; the acceptance history, exportable as
 * `.xlsx`. `admin` and `content` (the content team writes and publishes the provider's texts).
 */

/**
 * draft: not yet published (editable) · scheduled: published from a later moment · published: the version in
 * force · superseded: in force once, replaced by a newer one
 */
export const TERMS_VERSION_STATUSES = ['draft', 'scheduled', 'published', 'superseded'] as const;
export type TermsVersionStatus = (typeof TERMS_VERSION_STATUSES)[number];

export const StaffTermsVersionSchema = z.object({
  /** the version's number */
  id: z.int(),
  title: z.string(),
  status: z.enum(TERMS_VERSION_STATUSES),
  /** the effective moment; null for a draft */
  effectiveAt: z.nullable(DateTimeSchema),
  /** the staff member's e-mail who published it (null for a draft and for a version seeded before the back office) */
  publishedBy: z.nullable(z.string()),
  /** when it was published (the effective moment may be later) */
  publishedAt: z.nullable(DateTimeSchema),
  updatedAt: DateTimeSchema,
  acceptances: z.int(),
});
export type StaffTermsVersion = z.infer<typeof StaffTermsVersionSchema>;

export const StaffTermsVersionListSchema = z.object({ versions: z.array(StaffTermsVersionSchema) });
export type StaffTermsVersionList = z.infer<typeof StaffTermsVersionListSchema>;

export const StaffTermsVersionDetailSchema = z.object({ ...StaffTermsVersionSchema.shape, body: z.string() });
export type StaffTermsVersionDetail = z.infer<typeof StaffTermsVersionDetailSchema>;

export const TERMS_TITLE_MAX = 200;
export const TERMS_BODY_MAX = 200_000;

export const TermsDraftSchema = z.strictObject({
  title: z
    .string({ error: 'Enter a title' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter a title'),
      z.maxLength(TERMS_TITLE_MAX, `The title is at most ${TERMS_TITLE_MAX} characters`),
    ),
  /**
   * HTML from the editor; the server refuses a script or a handler with its reasons
   * (docs/decisions/content-publishing.md)
   */
  body: RichTextSchema(TERMS_BODY_MAX),
});
export type TermsDraft = z.infer<typeof TermsDraftSchema>;

export const PublishTermsSchema = z.strictObject({
  /** from when the version is in force; null: at once. A moment in the past counts as now. */
  effectiveAt: z.nullable(DateTimeSchema),
});
export type PublishTerms = z.infer<typeof PublishTermsSchema>;

export const STAFF_TERMS_MESSAGES = {
  notFound: 'No terms version has this number',
  notDraft: 'This version is published already; write a new draft to change the terms.',
  saved: 'Draft saved.',
  published: 'Terms version published.',
  scheduled: 'Terms version scheduled.',
} as const;

export const listStaffTermsVersions = defineRoute({
  method: 'GET',
  path: '/arc/staff/terms',
  summary: 'Every terms version, newest first, with its status and how many agents accepted it',
  tags: ['staff'],
  auth: TERMS_STAFF,
  responses: { 200: StaffTermsVersionListSchema },
});

export const getStaffTermsVersion = defineRoute({
  method: 'GET',
  path: '/arc/staff/terms/:id',
  summary: 'One terms version with its text',
  tags: ['staff'],
  auth: TERMS_STAFF,
  params: z.object({ id: IntIdSchema }),
  responses: { 200: StaffTermsVersionDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const createStaffTermsDraft = defineRoute({
  method: 'POST',
  path: '/arc/staff/terms',
  summary: 'Write a new terms version as a draft (its text is checked: a script or a handler is refused)',
  tags: ['staff'],
  auth: TERMS_STAFF,
  body: TermsDraftSchema,
  responses: { 200: StaffTermsVersionDetailSchema, 400: ErrorResponseSchema },
});

export const updateStaffTermsDraft = defineRoute({
  method: 'PUT',
  path: '/arc/staff/terms/:id',
  summary: 'Change a draft (a published version is never changed: 409)',
  tags: ['staff'],
  auth: TERMS_STAFF,
  params: z.object({ id: IntIdSchema }),
  body: TermsDraftSchema,
  responses: {
    200: StaffTermsVersionDetailSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

export const publishStaffTermsVersion = defineRoute({
  method: 'POST',
  path: '/arc/staff/terms/:id/publish',
  summary:
    'Publish a draft, now or from a later moment: from then on every agent must accept it before anything else; every active agent is notified',
  tags: ['staff'],
  auth: TERMS_STAFF,
  params: z.object({ id: IntIdSchema }),
  body: PublishTermsSchema,
  responses: {
    200: StaffTermsVersionDetailSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

// ── acceptance history ──────────────────────────────────────────────────────────────────────────────

export const TERMS_ACCEPTANCES_PAGE_SIZE = 50;

export const TermsAcceptancesQuerySchema = z.object({
  /** one version's acceptances; all versions when absent */
  version: z.optional(IntIdSchema),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export type TermsAcceptancesQuery = z.input<typeof TermsAcceptancesQuerySchema>;

export const TermsAcceptanceRowSchema = z.object({
  npn: z.string(),
  name: z.string(),
  version: z.int(),
  acceptedAt: DateTimeSchema,
});
export type TermsAcceptanceRow = z.infer<typeof TermsAcceptanceRowSchema>;

export const TermsAcceptanceListSchema = z.object({
  rows: z.array(TermsAcceptanceRowSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type TermsAcceptanceList = z.infer<typeof TermsAcceptanceListSchema>;

export const listTermsAcceptances = defineRoute({
  method: 'GET',
  path: '/arc/staff/terms-acceptances',
  summary: 'Who accepted which terms version when, newest first, a page at a time',
  tags: ['staff'],
  auth: TERMS_STAFF,
  query: TermsAcceptancesQuerySchema,
  responses: { 200: TermsAcceptanceListSchema, 400: ErrorResponseSchema },
});

export const TERMS_ACCEPTANCES_EXPORT_COLUMNS = ['NPN', 'Agent', 'Version', 'Accepted'] as const;
export const termsAcceptancesFileName = (version: number | undefined) =>
  version === undefined ? 'Terms acceptances.xlsx' : `Terms acceptances, version ${version}.xlsx`;

export const exportTermsAcceptances = defineRoute({
  method: 'GET',
  path: '/arc/staff/terms-acceptances/export',
  summary: 'The acceptance history (one version, or all) as an .xlsx spreadsheet',
  tags: ['staff'],
  auth: TERMS_STAFF,
  query: TermsAcceptancesQuerySchema,
  responses: { 400: ErrorResponseSchema },
});

// ── who has not accepted the version in force (issue 47) ───────────────────────────────────────────────

export const TERMS_NOT_ACCEPTED_PAGE_SIZE = 50;
/** How many agents one reminder names at a time (everyone is `{ to: 'all' }`). */
export const TERMS_REMINDER_MAX_SELECTION = 200;
/** An agent is reminded at most once in this many hours. */
export const TERMS_REMINDER_INTERVAL_HOURS = 24;

export const TermsNotAcceptedQuerySchema = z.object({
  /** a prefix of the agent's NPN, last name, "first last" or e-mail */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});
export type TermsNotAcceptedQuery = z.input<typeof TermsNotAcceptedQuerySchema>;

export const TermsNotAcceptedRowSchema = z.object({
  npn: z.string(),
  name: z.string(),
  email: z.string(),
  /** the agent's last successful sign-in (the audit log), null when none is recorded */
  lastSignInAt: z.nullable(DateTimeSchema),
  /** when the back office last reminded the agent to accept the terms */
  remindedAt: z.nullable(DateTimeSchema),
});
export type TermsNotAcceptedRow = z.infer<typeof TermsNotAcceptedRowSchema>;

export const TermsNotAcceptedListSchema = z.object({
  /** the version in force; null when none is (then nobody is listed) */
  version: z.nullable(z.object({ id: z.int(), title: z.string() })),
  rows: z.array(TermsNotAcceptedRowSchema),
  /** the active agents matching the search who have not accepted it */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type TermsNotAcceptedList = z.infer<typeof TermsNotAcceptedListSchema>;

/** "12 agents have not accepted version 3" */
export const termsNotAcceptedCount = (total: number, version: number) =>
  `${total.toLocaleString('en-US')} ${total === 1 ? 'agent has' : 'agents have'} not accepted version ${version}`;

export const listTermsNotAccepted = defineRoute({
  method: 'GET',
  path: '/arc/staff/terms-not-accepted',
  summary: 'The active agents who have not accepted the terms version in force, by name, a page at a time',
  tags: ['staff'],
  auth: TERMS_STAFF,
  query: TermsNotAcceptedQuerySchema,
  responses: { 200: TermsNotAcceptedListSchema, 400: ErrorResponseSchema },
});

export const TERMS_NOT_ACCEPTED_EXPORT_COLUMNS = ['NPN', 'Agent', 'E-mail', 'Last sign-in', 'Last reminded'] as const;
export const termsNotAcceptedFileName = (version: number) => `Terms not accepted, version ${version}.xlsx`;

export const exportTermsNotAccepted = defineRoute({
  method: 'GET',
  path: '/arc/staff/terms-not-accepted/export',
  summary: 'The active agents who have not accepted the version in force (matching the search) as an .xlsx spreadsheet',
  tags: ['staff'],
  auth: TERMS_STAFF,
  query: TermsNotAcceptedQuerySchema,
  responses: { 400: ErrorResponseSchema, 409: ErrorResponseSchema },
});

/** One agent, a selection (by NPN), or everyone who has not accepted the version in force. */
export const RemindTermsSchema = z.discriminatedUnion('to', [
  z.strictObject({
    to: z.literal('selected'),
    npns: z
      .array(NpnSchema)
      .check(
        z.minLength(1, 'Choose at least one agent'),
        z.maxLength(TERMS_REMINDER_MAX_SELECTION, `At most ${TERMS_REMINDER_MAX_SELECTION} agents at a time`),
      ),
  }),
  z.strictObject({ to: z.literal('all') }),
]);
export type RemindTerms = z.infer<typeof RemindTermsSchema>;

export const TermsReminderResultSchema = z.object({
  /** notified in the portal and by e-mail (unless they opted out of these e-mails) */
  reminded: z.int(),
  /** reminded in the last 24 hours already: not reminded again */
  skipped: z.int(),
  /** named but not among those who have to accept (accepted meanwhile, not active, unknown) */
  notPending: z.int(),
  message: z.string(),
});
export type TermsReminderResult = z.infer<typeof TermsReminderResultSchema>;

/** "3 reminded, 1 skipped: reminded in the last 24 hours." */
export function termsReminderMessage(result: Omit<TermsReminderResult, 'message'>): string {
  let text = `${result.reminded.toLocaleString('en-US')} reminded`;
  if (result.skipped > 0) {
    text += `, ${result.skipped.toLocaleString('en-US')} skipped: reminded in the last ${TERMS_REMINDER_INTERVAL_HOURS} hours`;
  }
  if (result.notPending > 0) {
    text += `; ${result.notPending.toLocaleString('en-US')} not reminded: accepted already or not active`;
  }
  return `${text}.`;
}

export const STAFF_TERMS_REMINDER_MESSAGES = {
  noVersion: 'No terms version is in force.',
} as const;

export const remindTermsNotAccepted = defineRoute({
  method: 'POST',
  path: '/arc/staff/terms-not-accepted/remind',
  summary:
    'Remind agents who have not accepted the version in force (in the portal and by e-mail); an agent reminded in the last 24 hours is skipped',
  tags: ['staff'],
  auth: TERMS_STAFF,
  body: RemindTermsSchema,
  responses: { 200: TermsReminderResultSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
});
