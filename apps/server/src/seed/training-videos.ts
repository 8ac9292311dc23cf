import fs from 'node:fs';
import path from 'node:path';
import type { trainingCategories, trainingVideos } from '../db/schema/index.ts';
import { categoryLogoUrl, thumbnailUrl } from '../modules/training/artwork.ts';
import { SERVER_ROOT } from '../paths.ts';
import type { Storage } from '../platform/storage.ts';
import { CLIP_NAMES, TRAINING_CATALOGUE } from './training-catalogue.ts';

type CategoryInsert = typeof trainingCategories.$inferInsert;
type VideoInsert = typeof trainingVideos.$inferInsert;

const clipAsset = (name: string) => path.join(SERVER_ROOT, 'src/seed/assets/training', `${name}.webm`);
export const clipStorageKey = (name: string) => `training/${name}.webm`;

/**
 * Copies the five demo clips (shipped under seed/assets/training, a few tens of KB each) into storage and
 * returns the catalogue rows. No network and no encoder are needed at start.
 */
export async function demoTrainingVideos(
  storage: Storage,
): Promise<{ categories: CategoryInsert[]; videos: VideoInsert[] }> {
  for (const name of CLIP_NAMES) {
    await storage.put(clipStorageKey(name), fs.createReadStream(clipAsset(name)));
  }
  const categories: CategoryInsert[] = [];
  const videos: VideoInsert[] = [];
  TRAINING_CATALOGUE.forEach((category, categoryIndex) => {
    categories.push({
      slug: category.slug,
      name: category.name,
      description: category.description,
      logo: categoryLogoUrl(category.slug),
      isComingSoon: category.isComingSoon ?? false,
      sortOrder: categoryIndex,
    });
    category.videos.forEach((video, videoIndex) => {
      videos.push({
        id: video.id,
        categorySlug: category.slug,
        title: video.title,
        description: video.description,
        vimeoCode: null,
        thumbs: thumbnailUrl(category.clip),
        mediaKey: clipStorageKey(category.clip),
        mediaType: 'video/webm',
        sortOrder: videoIndex,
      });
    });
  });
  return { categories, videos };
}
