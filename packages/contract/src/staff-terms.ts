import * as z from 'zod/mini';
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
