import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
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

/** The id of the version in force at `now`, if any. */
export async function findCurrentTermsId(db: Db, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ id: termsDocuments.id })
    .from(termsDocuments)
    .where(lte(termsDocuments.publishedAt, now))
    .orderBy(desc(termsDocuments.publishedAt), desc(termsDocuments.id))
    .limit(1);
  return row?.id;
}

/** The effective moment of the next scheduled version after `now`, if any. */
export async function findNextScheduledTerms(db: Db, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: termsDocuments.publishedAt })
    .from(termsDocuments)
    .where(gt(termsDocuments.publishedAt, now))
    .orderBy(asc(termsDocuments.publishedAt))
    .limit(1);
  return row?.at ?? undefined;
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
