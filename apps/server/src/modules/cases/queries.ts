import type { Db } from '../../db/client.ts';
import { cases } from '../../db/schema/index.ts';

export type NewCase = typeof cases.$inferInsert;

export async function insertCase(db: Db, row: NewCase): Promise<void> {
  await db.insert(cases).values(row);
}
