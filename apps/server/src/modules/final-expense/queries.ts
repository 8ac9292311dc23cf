import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { finalExpenseFiles } from '../../db/schema/index.ts';

export type FinalExpenseFileRow = typeof finalExpenseFiles.$inferSelect & { fileId: string };

/** The documents agents see: published, with their PDF (docs/decisions/content-publishing.md). */
export async function listFinalExpenseFileRows(db: Db): Promise<FinalExpenseFileRow[]> {
  const rows = await db
    .select()
    .from(finalExpenseFiles)
    .where(and(eq(finalExpenseFiles.published, true), isNotNull(finalExpenseFiles.fileId)))
    .orderBy(asc(finalExpenseFiles.sortOrder), asc(finalExpenseFiles.id));
  return rows as FinalExpenseFileRow[];
}
