import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { TermsSchema } from './terms.ts';

export const MEMBER_SUPPORT_UNLIMITED = 'Unlimited';

/** The signed-in agent, as GET /arc/user/info answers it (the spec's "user" entity: its fields keep the spec's names). */
export const AgentSchema = z.object({
  id: z.string(),
  ActID: z.nullable(z.string()),
  actData: z.object({ FULLNAME: z.string() }),
  /** URL path of the agent's picture, or null when there is none */
  avatar: z.nullable(z.string()),
  /** the version in force with this agent's acceptance; null only while no version is published */
  tos: z.nullable(TermsSchema),
  npn: z.string(),
  username: z.string(),
  email: z.string(),
  /** an address asked for on My Profile whose e-mailed link has not been opened yet (not the agent's address yet) */
  pendingEmail: z.optional(z.nullable(z.string())),
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.nullable(z.string()),
  /** an agent with no status is signed out by the web app */
  status: z.nullable(z.string()),
  memberSupportTier: z.nullable(z.string()),
  mediMinute: z.boolean(),
  hasMyHealthPlanContracts: z.boolean(),
  hasSunfireContracts: z.boolean(),
  activeAnalytics: z.boolean(),
  isTestUser: z.boolean(),
  /**
   * The IANA zone every instant is shown to this agent in (issue 45): their setting, else their state's, else the
   * business zone (`agentTimeZone`); `timeZoneSetting` is the setting itself (null: the default).
   */
  timeZone: z.string(),
  timeZoneSetting: z.nullable(z.string()),
  /** the zone without a setting: the state's, else the business zone */
  defaultTimeZone: z.string(),
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
