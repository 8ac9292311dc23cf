import { getUserInfo as getUserInfoRoute, type Terms, type User } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { SharedCache } from '../../platform/shared-cache.ts';
import { getTermsFor } from '../terms/service.ts';
import { findAgent, type AgentRow } from './queries.ts';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  /** user info by agent id, as the JSON answer: every page asks for it, so a few seconds of reuse saves work */
  userCache: SharedCache<string>;
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
