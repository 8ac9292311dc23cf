import { getUserInfo as getUserInfoRoute, type Terms, type TermsDocument, type User } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { TtlCache } from '../../platform/ttl-cache.ts';
import {
  findAcceptance,
  findAgent,
  findCurrentTerms,
  findPublishedTerms,
  insertAcceptance,
  type AgentRow,
} from './queries.ts';

export const TERMS_NOT_CURRENT_MESSAGE = 'This terms version is no longer current.';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  /** user info by agent id, as the JSON answer: every page asks for it, so a few seconds of reuse saves work */
  userCache: TtlCache<string>;
}

/** The current terms version with this agent's acceptance of it (stamp null until accepted). */
export async function getTermsFor(deps: ProfileDeps, agentId: string): Promise<Terms | null> {
  const terms = await findCurrentTerms(deps.db, deps.clock.now());
  if (!terms) return null;
  const stamp = (await findAcceptance(deps.db, agentId, terms.id)) ?? null;
  return { document: terms.title, id: terms.id, stamp };
}

export function toUser(agent: AgentRow, tos: Terms | null): User {
  return {
    id: agent.id,
    ActID: agent.actId,
    actData: { FULLNAME: `${agent.firstName} ${agent.lastName}`.trim() },
    avatar: agent.avatarFileId ? `/arc/agent/avatar/${encodeURIComponent(agent.id)}` : null,
    tos,
    npn: agent.npn,
    username: agent.username ?? agent.npn,
    email: agent.email,
    firstName: agent.firstName,
    lastName: agent.lastName,
    mobilePhone: agent.mobilePhone,
    status: agent.status,
    memberSupportTier: agent.memberSupportTier,
    mediMinute: agent.mediMinute,
    hasMyHealthPlanContracts: agent.hasMyHealthPlanContracts,
    hasSunfireContracts: agent.hasSunfireContracts,
    activeAnalytics: agent.activeAnalytics,
    isTestUser: agent.isTestUser,
  };
}

export async function getUserInfo(deps: ProfileDeps, agentId: string): Promise<User> {
  const agent = await findAgent(deps.db, agentId);
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
  return toUser(agent, await getTermsFor(deps, agentId));
}

const UserInfoResponseSchema = getUserInfoRoute.responses[200];

/** The GET /arc/user/info answer, encoded by the contract's schema once and reused while cached. */
export async function getUserInfoJson(deps: ProfileDeps, agentId: string): Promise<string> {
  const cached = deps.userCache.get(agentId);
  if (cached) return cached;
  const json = JSON.stringify(UserInfoResponseSchema.encode({ agent: await getUserInfo(deps, agentId) }));
  deps.userCache.set(agentId, json);
  return json;
}

/**
 * Records acceptance of the version in force only: a page left open on an older version cannot accept terms
 * that no longer apply. Accepting twice keeps the first stamp.
 */
export async function acceptTerms(deps: ProfileDeps, agentId: string, termsId: number): Promise<Terms> {
  const now = deps.clock.now();
  if (!(await findAgent(deps.db, agentId))) throw new AppError('NOT_FOUND', 'Agent not found');
  const terms = await findCurrentTerms(deps.db, now);
  if (!terms || terms.id !== termsId) throw new AppError('CONFLICT', TERMS_NOT_CURRENT_MESSAGE);
  const stamp = await insertAcceptance(deps.db, agentId, terms.id, now);
  deps.userCache.delete(agentId);
  return { document: terms.title, id: terms.id, stamp };
}

/** The text of a published terms version (the current one, or an older one an agent accepted). */
export async function getTermsDocument(deps: ProfileDeps, termsId: number): Promise<TermsDocument> {
  const terms = await findPublishedTerms(deps.db, termsId, deps.clock.now());
  if (!terms) throw new AppError('NOT_FOUND', 'Terms not found');
  return { id: terms.id, title: terms.title, body: terms.body, publishedAt: terms.publishedAt };
}
