import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trainingCategories, trainingVideos } from '../../db/schema/index.ts';

export type VideoRow = typeof trainingVideos.$inferSelect;
export type CategoryRow = typeof trainingCategories.$inferSelect;

export async function selectCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(trainingCategories).orderBy(asc(trainingCategories.sortOrder), asc(trainingCategories.name));
}

export async function selectVideos(db: Db): Promise<VideoRow[]> {
  return db
    .select()
    .from(trainingVideos)
    .orderBy(asc(trainingVideos.categorySlug), asc(trainingVideos.sortOrder), asc(trainingVideos.title));
}

export async function selectCategory(db: Db, slug: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(trainingCategories).where(eq(trainingCategories.slug, slug)).limit(1);
  return row;
}

export async function selectVideo(db: Db, id: string): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(trainingVideos).where(eq(trainingVideos.id, id)).limit(1);
  return row;
}

export async function updateCategoryRow(
  db: Db,
  slug: string,
  change: Pick<CategoryRow, 'name' | 'sortOrder' | 'isComingSoon'>,
): Promise<CategoryRow | undefined> {
  const [row] = await db.update(trainingCategories).set(change).where(eq(trainingCategories.slug, slug)).returning();
  return row;
}

export async function insertVideoRow(db: Db, row: typeof trainingVideos.$inferInsert): Promise<VideoRow> {
  const [inserted] = await db.insert(trainingVideos).values(row).returning();
  return inserted!;
}

export async function updateVideoRow(
  db: Db,
  id: string,
  change: Partial<Omit<VideoRow, 'id'>>,
): Promise<VideoRow | undefined> {
  const [row] = await db.update(trainingVideos).set(change).where(eq(trainingVideos.id, id)).returning();
  return row;
}
