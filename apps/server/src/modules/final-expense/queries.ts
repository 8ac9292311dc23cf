import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { finalExpenseFiles } from '../../db/schema/index.ts';

export type FinalExpenseFileRow = typeof finalExpenseFiles.$inferSelect;

export async function listFinalExpenseFileRows(db: Db): Promise<FinalExpenseFileRow[]> {
  return db.select().from(finalExpenseFiles).orderBy(asc(finalExpenseFiles.sortOrder), asc(finalExpenseFiles.id));
}
