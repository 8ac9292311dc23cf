import * as z from 'zod/mini';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';

export const TermsSchema = z.object({
  /** the terms document's title; its text comes from getTermsDocument (it is too big to send on every page) */
  document: z.string(),
  id: z.int(),
  /** when this agent accepted this version; null until then */
  stamp: z.nullable(DateTimeSchema),
});
export type Terms = z.infer<typeof TermsSchema>;

export const AcceptTermsRequestSchema = z.object({ tosid: z.int().check(z.positive()) });
export type AcceptTermsRequest = z.infer<typeof AcceptTermsRequestSchema>;

export const acceptTerms = defineRoute({
  method: 'POST',
  path: '/arc/agent/tosagreed',
  summary: 'Record that the agent accepted this terms version',
  tags: ['terms'],
  auth: 'agent',
  body: AcceptTermsRequestSchema,
  responses: {
    200: z.object({ tos: TermsSchema }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    /** the version is no longer the one in force (a newer one was published) */
    409: ErrorResponseSchema,
  },
});

export const TermsDocumentSchema = z.object({
  id: z.int(),
  title: z.string(),
  /** HTML, sanitised by the client before it is shown */
  body: z.string(),
  publishedAt: DateTimeSchema,
});
export type TermsDocument = z.infer<typeof TermsDocumentSchema>;

export const getTermsDocument = defineRoute({
  method: 'GET',
  path: '/arc/terms/:id',
  summary: 'The text of a published terms version',
  tags: ['terms'],
  auth: 'agent',
  params: z.object({ id: IntIdSchema }),
  responses: { 200: TermsDocumentSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});
