import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { trainingCategories, trainingVideos } from '../db/schema/index.ts';
import { categoryLogoUrl, thumbnailUrl } from '../modules/training/artwork.ts';
import { PAGE_VIDEOS_CATEGORY } from '../modules/training/service.ts';
import { SERVER_ROOT } from '../paths.ts';
import type { Storage } from '../platform/storage.ts';
import { PAGE_VIDEOS } from './page-video-catalogue.ts';

/** Where a page video's clip is shipped (made by scripts/make-page-clips.mjs). */
export const pageClipAsset = (id: string) => path.join(SERVER_ROOT, 'src/seed/assets/training/pages', `${id}.webm`);
export const pageClipStorageKey = (id: string) => `training/pages/${id}.webm`;

/**
 * The information pages' videos, each with its own clip showing its card's title (page-video-catalogue.ts), in a
 * category the Videos On Demand library does not list. Its own step, so a database seeded before these clips
 * existed gets them too; once they are in, it does nothing.
 */
export async function seedPageVideos({ db, storage }: { db: Db; storage: Storage }): Promise<void> {
  const existing = await db
    .select({ id: trainingVideos.id })
    .from(trainingVideos)
    .where(eq(trainingVideos.categorySlug, PAGE_VIDEOS_CATEGORY));
  if (existing.length >= PAGE_VIDEOS.length) return;
  for (const video of PAGE_VIDEOS) {
    await storage.put(pageClipStorageKey(video.id), fs.createReadStream(pageClipAsset(video.id)));
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(trainingCategories)
      .values({
        slug: PAGE_VIDEOS_CATEGORY,
        name: 'Information page videos',
        description: 'The videos of the GREEN365, MyHealthPlan and SunFire pages (not listed in Videos On Demand).',
        logo: categoryLogoUrl('advanced-medicare'),
        sortOrder: 1000,
      })
      .onConflictDoNothing();
    await tx
      .insert(trainingVideos)
      .values(
        PAGE_VIDEOS.map((video, index) => ({
          id: video.id,
          categorySlug: PAGE_VIDEOS_CATEGORY,
          title: video.title,
          description: `<p>${video.lines.join('. ')}.</p>`,
          vimeoCode: null,
          thumbs: thumbnailUrl('plan-review'),
          mediaKey: pageClipStorageKey(video.id),
          mediaType: 'video/webm',
          sortOrder: index,
        })),
      )
      .onConflictDoNothing();
  });
}
