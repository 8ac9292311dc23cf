import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { complianceGuides } from '../../db/schema/index.ts';

export type ComplianceGuideRow = typeof complianceGuides.$inferSelect;

export async function listGuideRows(db: Db): Promise<ComplianceGuideRow[]> {
  return db.select().from(complianceGuides).orderBy(asc(complianceGuides.fileNumber));
}
