import type { Readable } from 'node:stream';
import { MEDIA_URL_TTL_SECONDS, type TrainingCategory, type TrainingVideoSource } from '@arc/contract';
import * as rangeParser from 'range-parser';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { Storage } from '../../platform/storage.ts';
import { findVideoRow, isPlayableMediaKey, listCategoryRows, listVideoRows } from './queries.ts';

export interface TrainingDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  /** signs the media URLs a <video> element opens without a bearer header */
  signer: UrlSigner;
}

/**
 * The category of the information pages' videos (GREEN365's modules, the MyHealthPlan and SunFire videos): each
 * plays by its id on its page, and the Videos On Demand library does not list it (docs/decisions/information-pages.md).
 */
export const PAGE_VIDEOS_CATEGORY = 'information-pages';

export async function listTrainingCategories(deps: TrainingDeps): Promise<TrainingCategory[]> {
  const [categories, videos] = await Promise.all([listCategoryRows(deps.db), listVideoRows(deps.db)]);
  const library = categories.filter((category) => category.slug !== PAGE_VIDEOS_CATEGORY);
  return library.map((category) => ({
    slug: category.slug,
    category_name: category.name,
    category_description: category.description,
    logo: category.logo,
    isComingSoon: category.isComingSoon,
    // a category that is coming soon shows no video, and none of its videos plays (getTrainingVideoSource); an
    // unpublished video (the back office's draft) is neither listed nor played
    videos: videos
      .filter((video) => !category.isComingSoon && video.isPublished && video.categorySlug === category.slug)
      .map((video) => ({
        id: video.id,
        title: video.title,
        description: video.description,
        vimeoCode: video.vimeoCode,
        youtubeCode: video.youtubeCode,
        thumbs: video.thumbs,
        isHosted: video.mediaKey !== null,
      })),
  }));
}

/** A signed URL for a stored clip, bound to the agent, valid for MEDIA_URL_TTL_SECONDS. */
export async function getTrainingVideoSource(
  deps: TrainingDeps,
  agentId: string,
  videoId: string,
): Promise<TrainingVideoSource> {
  const video = await findVideoRow(deps.db, videoId);
  if (!video?.mediaKey || video.isComingSoon || !video.isPublished) throw new AppError('NOT_FOUND', 'Video not found');
  const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + MEDIA_URL_TTL_SECONDS;
  const token = deps.signer.sign({ resource: video.mediaKey, agentId, expiresAt });
  return {
    url: `/arc/training/media?token=${token}`,
    contentType: video.mediaType ?? 'video/webm',
    expiresAt: new Date(expiresAt * 1000),
  };
}

export type MediaAnswer =
  | { status: 200; size: number; contentType: string; stream: Readable; expiresAt: number }
  | {
      status: 206;
      size: number;
      start: number;
      end: number;
      contentType: string;
      stream: Readable;
      expiresAt: number;
    }
  | { status: 416; size: number };

const TYPES: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4' };

/** Verifies the signed token and opens the clip, or the one range the `Range` header asks for. */
export async function openTrainingMedia(
  deps: TrainingDeps,
  token: string,
  rangeHeader: string | undefined,
): Promise<MediaAnswer> {
  const claims = deps.signer.verify(token, deps.clock.now());
  if (!claims) throw new AppError('FORBIDDEN', 'This video link has expired. Reload the page to watch again.');
  // a URL signed before the video was unpublished (or its clip replaced, or its category set coming soon) stops
  if (!(await isPlayableMediaKey(deps.db, claims.resource))) throw new AppError('NOT_FOUND', 'Video not found');
  const stat = await deps.storage.stat(claims.resource);
  if (!stat) throw new AppError('NOT_FOUND', 'Video not found');
  const contentType = TYPES[claims.resource.split('.').pop() ?? ''] ?? 'application/octet-stream';
  // RFC 9110 §14: another unit, or several ranges that do not merge into one, get the whole clip (as the RFC
  // allows); a malformed or unsatisfiable `bytes=` range is 416, so a client bug shows instead of a full download
  const request = rangeHeader ? rangeParser.parse(stat.size, rangeHeader) : undefined;
  const ranges = request?.type === 'bytes' ? rangeParser.combineRanges(request.ranges) : [];
  if (request?.type === 'bytes' && (request.code & 1 || ranges.length === 0)) return { status: 416, size: stat.size };
  const range = ranges.length === 1 ? { start: ranges[0]!.start, end: ranges[0]!.end } : undefined;
  if (!range) {
    const stream = await deps.storage.get(claims.resource);
    return { status: 200, size: stat.size, contentType, stream, expiresAt: claims.expiresAt };
  }
  const stream = await deps.storage.get(claims.resource, range);
  return { status: 206, size: stat.size, ...range, contentType, stream, expiresAt: claims.expiresAt };
}

/** Where the back office stores uploaded thumbnails and where they are served (docs/decisions/information-pages.md). */
export { THUMB_PREFIX, THUMBNAIL_PATH } from './thumbnails.ts';
