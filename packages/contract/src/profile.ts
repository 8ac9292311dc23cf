import { z } from 'zod';
import { DateTimeSchema, defineRoute, ErrorResponseSchema } from './common.ts';

export const TermsSchema = z.object({
  /** the terms document's title; its text comes from getTermsDocument (it is too big to send on every page) */
  document: z.string(),
  id: z.number().int(),
  /** when this agent accepted this version; null until then */
  stamp: DateTimeSchema.nullable(),
});
export type Terms = z.infer<typeof TermsSchema>;

export const MEMBER_SUPPORT_UNLIMITED = 'Unlimited';

export const UserSchema = z.object({
  id: z.string(),
  ActID: z.string().nullable(),
  actData: z.object({ FULLNAME: z.string() }),
  /** URL path of the agent's picture, or null when there is none */
  avatar: z.string().nullable(),
  /** the version in force with this agent's acceptance; null only while no version is published */
  tos: TermsSchema.nullable(),
  npn: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.string().nullable(),
  /** an agent with no status is signed out by the web app */
  status: z.string().nullable(),
  memberSupportTier: z.string().nullable(),
  mediMinute: z.boolean(),
  hasMyHealthPlanContracts: z.boolean(),
  hasSunfireContracts: z.boolean(),
  activeAnalytics: z.boolean(),
  isTestUser: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** Flags of the user that a menu item may name as its security key. */
export type UserFlag = {
  [K in keyof User]: User[K] extends boolean ? K : never;
}[keyof User];

export const getUserInfo = defineRoute({
  method: 'GET',
  path: '/arc/user/info',
  summary: 'The signed-in agent',
  tags: ['profile'],
  auth: true,
  responses: { 200: z.object({ agent: UserSchema }), 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const AcceptTermsRequestSchema = z.object({ tosid: z.number().int().positive() });
export type AcceptTermsRequest = z.infer<typeof AcceptTermsRequestSchema>;

export const acceptTerms = defineRoute({
  method: 'POST',
  path: '/arc/agent/tosagreed',
  summary: 'Record that the agent accepted this terms version',
  tags: ['terms'],
  auth: true,
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
  id: z.number().int(),
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
  auth: true,
  params: z.object({ id: z.coerce.number().int().positive() }),
  responses: { 200: TermsDocumentSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});
