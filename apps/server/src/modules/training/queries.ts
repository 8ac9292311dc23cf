import { asc, eq } from 'drizzle-orm';
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
