import { z } from 'zod';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { TermsSchema } from './terms.ts';

export const MEMBER_SUPPORT_UNLIMITED = 'Unlimited';

/** The signed-in agent, as GET /arc/user/info answers it (the spec's "user" entity: its fields keep the spec's names). */
export const AgentSchema = z.object({
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
  /** an address asked for on My Profile whose e-mailed link has not been opened yet (not the agent's address yet) */
  pendingEmail: z.string().nullable().optional(),
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
export type Agent = z.infer<typeof AgentSchema>;

/** Flags of the agent that a menu item may name as its security key. */
export type AgentFlag = {
  [K in keyof Agent]: Agent[K] extends boolean ? K : never;
}[keyof Agent];

export const getCurrentAgent = defineRoute({
  method: 'GET',
  path: '/arc/user/info',
  summary: 'The signed-in agent',
  tags: ['profile'],
  auth: 'agent',
  responses: { 200: z.object({ agent: AgentSchema }), 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});
