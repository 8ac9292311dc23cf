import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contentDestinations,
  contentDocuments,
  contentPageTexts,
  files,
  platformCarriers,
} from '../../db/schema/index.ts';

export async function listPlatformCarrierNames(db: Db, platform: string): Promise<string[]> {
  const rows = await db
    .select({ name: platformCarriers.name })
    .from(platformCarriers)
    .where(eq(platformCarriers.platform, platform))
    .orderBy(asc(platformCarriers.name));
  return rows.map((row) => row.name);
}

export async function listDocumentRows(db: Db, section: string) {
  return (
    db
      .select({
        title: contentDocuments.title,
        description: contentDocuments.description,
        // the joined file's id: the same as the document's, never null
        fileId: files.id,
        downloadName: files.name,
      })
      .from(contentDocuments)
      .innerJoin(files, eq(files.id, contentDocuments.fileId))
      // agents see a document only while it is published (docs/decisions/content-publishing.md); the join needs its PDF
      .where(and(eq(contentDocuments.section, section), eq(contentDocuments.published, true)))
      .orderBy(asc(contentDocuments.sortOrder), asc(contentDocuments.title))
  );
}

export async function listPageTextRows(db: Db) {
  return db.select({ page: contentPageTexts.page, body: contentPageTexts.body }).from(contentPageTexts);
}

export async function upsertPageText(db: Db, page: string, body: string, at: Date) {
  await db
    .insert(contentPageTexts)
    .values({ page, body, updatedAt: at })
    .onConflictDoUpdate({ target: contentPageTexts.page, set: { body, updatedAt: at } });
}

export async function listDestinationRows(db: Db) {
  return db.select({ key: contentDestinations.key, value: contentDestinations.value }).from(contentDestinations);
}

export async function upsertDestination(db: Db, key: string, value: string, at: Date) {
  await db
    .insert(contentDestinations)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: contentDestinations.key, set: { value, updatedAt: at } });
}

export async function deleteDestination(db: Db, key: string) {
  await db.delete(contentDestinations).where(eq(contentDestinations.key, key));
}
