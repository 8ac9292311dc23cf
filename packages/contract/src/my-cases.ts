import * as z from 'zod/mini';
import { CASE_REQUEST_TYPES } from './cases.ts';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';

/**
 * My cases (issue 32, docs/decisions/cases.md): the agent's own member-support cases with member support's replies,
 * never the internal notes. Member support tier Unlimited, like the Case Form (403 otherwise); another agent's case is
 * 404.
 */

/** A case's statuses; a case filed before the queue existed is Open (migration 0020). */
export const CASE_STATUSES = ['Open', 'In progress', 'Closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CaseStatusSchema = z.enum(CASE_STATUSES, {
  error: () => `Choose a status: ${CASE_STATUSES.join(', ')}`,
});

export const MY_CASES_PAGE_SIZE = 20;

export const MyCaseRowSchema = z.object({
  id: z.string(),
  status: CaseStatusSchema,
  createdAt: DateTimeSchema,
  requestType: z.enum(CASE_REQUEST_TYPES),
  memberName: z.string(),
  carrier: z.string(),
  replyCount: z.int(),
  lastReplyAt: z.nullable(DateTimeSchema),
});
export type MyCaseRow = z.infer<typeof MyCaseRowSchema>;

export const MyCaseListSchema = z.object({
  rows: z.array(MyCaseRowSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type MyCaseList = z.infer<typeof MyCaseListSchema>;

export const MyCaseReplySchema = z.object({
  id: z.int(),
  body: z.string(),
  /** the staff member who wrote it (their e-mail's local part) */
  author: z.string(),
  createdAt: DateTimeSchema,
});
export type MyCaseReply = z.infer<typeof MyCaseReplySchema>;

export const MyCaseSchema = z.object({
  ...MyCaseRowSchema.shape,
  memberId: z.string(),
  /** YYYY-MM-DD */
  dateOfBirth: z.string(),
  memberPhoneNumber: z.string(),
  description: z.string(),
  carrierService: z.string(),
  /** member support's replies, oldest first */
  replies: z.array(MyCaseReplySchema),
});
export type MyCase = z.infer<typeof MyCaseSchema>;

export const MY_CASES_MESSAGES = {
  title: 'My cases',
  empty: 'You have not filed a case yet. The Case Form sends one to member support.',
  noReply: 'No reply yet. Member support answers here and by e-mail.',
} as const;

export const listMyCases = defineRoute({
  method: 'GET',
  path: '/arc/case/mine',
  summary: "The agent's own member-support cases, newest first, a page at a time",
  tags: ['cases'],
  auth: 'agent',
  query: z.object({ page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1) }),
  responses: { 200: MyCaseListSchema, 400: ErrorResponseSchema, 403: ErrorResponseSchema },
});

export const getMyCase = defineRoute({
  method: 'GET',
  path: '/arc/case/mine/:id',
  summary: "One of the agent's cases with member support's replies (another agent's: 404)",
  tags: ['cases'],
  auth: 'agent',
  params: z.object({ id: IdSchema }),
  responses: { 200: MyCaseSchema, 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
});
