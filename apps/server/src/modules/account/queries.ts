import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { actionTokens, agents } from '../../db/schema/index.ts';

export type AgentRow = typeof agents.$inferSelect;

export async function findAgentByNpn(db: Db, npn: string): Promise<AgentRow | undefined> {
  const [agent] = await db.select().from(agents).where(eq(agents.npn, npn)).limit(1);
  return agent;
}

export async function insertActionToken(
  db: Db,
  row: { tokenHash: string; agentId: string; purpose: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(actionTokens).values(row);
}

/** An unused, unexpired link and its agent. */
export async function findUsableActionToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ purpose: actionTokens.purpose, agent: agents })
    .from(actionTokens)
    .innerJoin(agents, eq(agents.id, actionTokens.agentId))
    .where(and(eq(actionTokens.tokenHash, tokenHash), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Spends a link in one conditional UPDATE: of two concurrent uses only one gets the agent id. */
export async function spendActionToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [spent] = await db
    .update(actionTokens)
    .set({ usedAt: now })
    .where(and(eq(actionTokens.tokenHash, tokenHash), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, now)))
    .returning({ agentId: actionTokens.agentId });
  return spent?.agentId;
}

/** Sets the password; an agent without a username signs in with the NPN from now on. */
export async function setAgentPassword(db: Db, agentId: string, passwordHash: string, now: Date) {
  const [agent] = await db
    .update(agents)
    .set({
      passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      username: sql`coalesce(${agents.username}, ${agents.npn})`,
    })
    .where(eq(agents.id, agentId))
    .returning({ id: agents.id, username: agents.username, npn: agents.npn });
  return agent;
}

export async function spendOtherActionTokens(db: Db, agentId: string, now: Date): Promise<void> {
  await db
    .update(actionTokens)
    .set({ usedAt: now })
    .where(and(eq(actionTokens.agentId, agentId), isNull(actionTokens.usedAt)));
}

export async function deleteActionTokensExpiredBefore(db: Db, before: Date): Promise<void> {
  await db.delete(actionTokens).where(sql`${actionTokens.expiresAt} < ${before.toISOString()}::timestamptz`);
}
