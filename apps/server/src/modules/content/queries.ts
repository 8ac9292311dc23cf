import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentDocuments, files, platformCarriers } from '../../db/schema/index.ts';

export async function listPlatformCarrierNames(db: Db, platform: string): Promise<string[]> {
  const rows = await db
    .select({ name: platformCarriers.name })
    .from(platformCarriers)
    .where(eq(platformCarriers.platform, platform))
    .orderBy(asc(platformCarriers.name));
  return rows.map((row) => row.name);
}

export async function listDocumentRows(db: Db, section: string) {
  return db
    .select({
      title: contentDocuments.title,
      description: contentDocuments.description,
      fileId: contentDocuments.fileId,
      downloadName: files.name,
    })
    .from(contentDocuments)
    .innerJoin(files, eq(files.id, contentDocuments.fileId))
    .where(eq(contentDocuments.section, section))
    .orderBy(asc(contentDocuments.sortOrder), asc(contentDocuments.title));
}
