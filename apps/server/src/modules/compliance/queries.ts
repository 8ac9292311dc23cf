import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { complianceGuides } from '../../db/schema/index.ts';

export type ComplianceGuideRow = typeof complianceGuides.$inferSelect & { fileId: string };

/** The guides agents see: published, with their PDF (docs/decisions/content-publishing.md). */
export async function listGuideRows(db: Db): Promise<ComplianceGuideRow[]> {
  const rows = await db
    .select()
    .from(complianceGuides)
    .where(and(eq(complianceGuides.published, true), isNotNull(complianceGuides.fileId)))
    .orderBy(asc(complianceGuides.fileNumber));
  return rows as ComplianceGuideRow[];
}
