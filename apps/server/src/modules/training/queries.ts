import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trainingCategories, trainingVideos } from '../../db/schema/index.ts';

export type TrainingCategoryRow = typeof trainingCategories.$inferSelect;
export type TrainingVideoRow = typeof trainingVideos.$inferSelect;

export async function listCategoryRows(db: Db): Promise<TrainingCategoryRow[]> {
  return db.select().from(trainingCategories).orderBy(asc(trainingCategories.sortOrder), asc(trainingCategories.name));
}

export async function listVideoRows(db: Db): Promise<TrainingVideoRow[]> {
  return db.select().from(trainingVideos).orderBy(asc(trainingVideos.sortOrder), asc(trainingVideos.title));
}

/** The video with whether its category is coming soon (such a category's videos are not shown or played). */
export async function findVideoRow(
  db: Db,
  id: string,
): Promise<(TrainingVideoRow & { isComingSoon: boolean }) | undefined> {
  const [row] = await db
    .select({ video: trainingVideos, isComingSoon: trainingCategories.isComingSoon })
    .from(trainingVideos)
    .innerJoin(trainingCategories, eq(trainingCategories.slug, trainingVideos.categorySlug))
    .where(eq(trainingVideos.id, id))
    .limit(1);
  return row && { ...row.video, isComingSoon: row.isComingSoon };
}

/** Whether a stored clip belongs to a published video of a category that is not coming soon (playable now). */
export async function isPlayableMediaKey(db: Db, mediaKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: trainingVideos.id })
    .from(trainingVideos)
    .innerJoin(trainingCategories, eq(trainingCategories.slug, trainingVideos.categorySlug))
    .where(
      and(
        eq(trainingVideos.mediaKey, mediaKey),
        eq(trainingVideos.isPublished, true),
        eq(trainingCategories.isComingSoon, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}
