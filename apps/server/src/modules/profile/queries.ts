import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, termsAcceptances, termsDocuments } from '../../db/schema/index.ts';

export type AgentRow = typeof agents.$inferSelect;
export type TermsRow = typeof termsDocuments.$inferSelect;

export async function findAgent(db: Db, agentId: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  return row;
}

/** The newest published terms version: the one every agent must have accepted. */
export async function findCurrentTerms(db: Db, now: Date): Promise<TermsRow | undefined> {
  const rows = await db.select().from(termsDocuments).orderBy(desc(termsDocuments.publishedAt), desc(termsDocuments.id)).limit(5);
  return rows.find((row) => row.publishedAt <= now);
}

export async function findAcceptance(db: Db, agentId: string, termsId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.agentId, agentId), eq(termsAcceptances.termsId, termsId)))
    .limit(1);
  return row?.acceptedAt;
}

export async function insertAcceptance(db: Db, agentId: string, termsId: number, at: Date): Promise<void> {
  await db.insert(termsAcceptances).values({ agentId, termsId, acceptedAt: at }).onConflictDoNothing();
}
