import { eq, or, sql } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { agents } from '../db/schema/index.ts';

export type AgentRecord = typeof agents.$inferSelect;

/** The provider's account lookup: `sub` is agents.id. */
export async function findAccount(db: Db, sub: string): Promise<Account | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.id, sub)).limit(1);
  if (!agent) return undefined;
  return {
    accountId: agent.id,
    claims: () => ({
      sub: agent.id,
      given_name: agent.firstName,
      family_name: agent.lastName,
      name: `${agent.firstName} ${agent.lastName}`.trim(),
      preferred_username: agent.username ?? agent.npn,
      email: agent.email,
    }),
  };
}

export const normaliseLogin = (login: string): string => login.trim().toLowerCase();

/**
 * The agent a sign-in names: username (any case) or NPN. A username match wins over an NPN match
 * in the unlikely case that one agent's username is another's NPN.
 */
export async function findAgentByLogin(db: Db, login: string): Promise<AgentRecord | undefined> {
  const value = normaliseLogin(login);
  const usernameMatches = sql`lower(${agents.username}) = ${value}`;
  const [agent] = await db
    .select()
    .from(agents)
    .where(or(usernameMatches, eq(agents.npn, value)))
    .orderBy(sql`coalesce(${usernameMatches}, false) desc`)
    .limit(1);
  return agent;
}

/**
 * Whether an agent's status lets it in: an empty status (the spec's "no status": the web app signs such a user
 * out) or "inactive" in any case does not. Sign-in and every API call answer such an agent as an unknown one.
 */
export const isActiveStatus = (status: string | null): boolean => {
  const value = status?.trim().toLowerCase() ?? '';
  return value !== '' && value !== 'inactive';
};
