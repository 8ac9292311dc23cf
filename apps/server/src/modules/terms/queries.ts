import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, termsAcceptances, termsDocuments } from '../../db/schema/index.ts';

export type TermsRow = typeof termsDocuments.$inferSelect;

export async function agentExists(db: Db, agentId: string): Promise<boolean> {
  const [row] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId)).limit(1);
  return row !== undefined;
}

/** The newest version published by `now` (a future `publishedAt` schedules a version): the one in force. */
export async function findCurrentTerms(db: Db, now: Date): Promise<TermsRow | undefined> {
  const [row] = await db
    .select()
    .from(termsDocuments)
    .where(lte(termsDocuments.publishedAt, now))
    .orderBy(desc(termsDocuments.publishedAt), desc(termsDocuments.id))
    .limit(1);
  return row;
}

export async function findAcceptance(db: Db, agentId: string, termsId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.agentId, agentId), eq(termsAcceptances.termsId, termsId)))
    .limit(1);
  return row?.acceptedAt;
}

/** Records the acceptance once; a repeat keeps the first stamp. Answers the stored stamp either way. */
export async function insertAcceptance(db: Db, agentId: string, termsId: number, at: Date): Promise<Date> {
  const [inserted] = await db
    .insert(termsAcceptances)
    .values({ agentId, termsId, acceptedAt: at })
    .onConflictDoNothing()
    .returning({ acceptedAt: termsAcceptances.acceptedAt });
  return inserted?.acceptedAt ?? (await findAcceptance(db, agentId, termsId)) ?? at;
}

export async function findPublishedTerms(db: Db, termsId: number, now: Date): Promise<TermsRow | undefined> {
  const [row] = await db
    .select()
    .from(termsDocuments)
    .where(and(eq(termsDocuments.id, termsId), lte(termsDocuments.publishedAt, now)))
    .limit(1);
  return row;
}

/**
 * One query for the server's terms gate: true when no version is in force, or when this agent accepted the
 * one that is.
 */
export async function hasAcceptedCurrentTerms(db: Db, agentId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ acceptedAt: termsAcceptances.acceptedAt })
    .from(termsDocuments)
    .leftJoin(
      termsAcceptances,
      and(eq(termsAcceptances.termsId, termsDocuments.id), eq(termsAcceptances.agentId, agentId)),
    )
    .where(lte(termsDocuments.publishedAt, now))
    .orderBy(desc(termsDocuments.publishedAt), desc(termsDocuments.id))
    .limit(1);
  return !row || row.acceptedAt !== null;
}
