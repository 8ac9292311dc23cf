import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  STAFF_MEDIA_MESSAGES,
  type SaveTrainingVideo,
  type StaffMember,
  type StaffTrainingCategory,
  type StaffTrainingVideo,
  type UpdateTrainingCategory,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { cleanRichText } from '../../platform/rich-text.ts';
import type { Storage } from '../../platform/storage.ts';
import { randomId } from '../../platform/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import type { ContentDeps } from '../content/service.ts';
import { reencodeAvatar } from '../profile/service.ts';
import { PAGE_VIDEOS_CATEGORY, THUMB_PREFIX, THUMBNAIL_PATH } from '../training/service.ts';
import {
  insertVideoRow,
  selectCategories,
  selectCategory,
  selectVideo,
  selectVideos,
  updateCategoryRow,
  updateVideoRow,
  type CategoryRow,
  type VideoRow,
} from './queries.ts';
import { parseVideoLink, videoLinkOf } from './video-link.ts';

export interface StaffMediaDeps extends ContentDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
}

export interface StaffActor {
  staff: StaffMember;
  ip: string;
}

/** Where uploaded clips and thumbnails are stored (seeded clips stay under `training/`). */
const CLIP_PREFIX = 'training/uploads/';

const audit = (deps: StaffMediaDeps, actor: StaffActor, event: Omit<Parameters<typeof recordAudit>[1], 'ip'>) =>
  recordAudit({ db: deps.db, clock: deps.clock }, { ...event, ip: actor.ip, staffId: actor.staff.id });

// ── training ───────────────────────────────────────────────────────────────────────────────────────

const categoryView = (row: CategoryRow): StaffTrainingCategory => ({
  slug: row.slug,
  name: row.name,
  description: row.description,
  sortOrder: row.sortOrder,
  isComingSoon: row.isComingSoon,
  isPageVideos: row.slug === PAGE_VIDEOS_CATEGORY,
});

const videoView = (row: VideoRow): StaffTrainingVideo => ({
  id: row.id,
  categorySlug: row.categorySlug,
  title: row.title,
  description: row.description,
  sortOrder: row.sortOrder,
  isPublished: row.isPublished,
  source: row.mediaKey ? 'upload' : row.vimeoCode ? 'vimeo' : row.youtubeCode ? 'youtube' : 'none',
  link: videoLinkOf(row),
  thumbs: row.thumbs,
});

export async function listStaffTraining(deps: Pick<StaffMediaDeps, 'db'>) {
  const [categories, videos] = await Promise.all([selectCategories(deps.db), selectVideos(deps.db)]);
  return { categories: categories.map(categoryView), videos: videos.map(videoView) };
}

export async function updateCategory(
  deps: StaffMediaDeps,
  actor: StaffActor,
  slug: string,
  change: UpdateTrainingCategory,
): Promise<StaffTrainingCategory> {
  const row = await updateCategoryRow(deps.db, slug, {
    name: change.name,
    sortOrder: change.sortOrder,
    isComingSoon: change.isComingSoon,
  });
  if (!row) throw new AppError('NOT_FOUND', STAFF_MEDIA_MESSAGES.categoryNotFound);
  await audit(deps, actor, { agentId: null, action: 'training.category-changed', subject: slug, detail: change });
  return categoryView(row);
}

/** The link's columns: a Vimeo or YouTube id (and no uploaded clip), or nothing when no link is given. */
function linkColumns(link: string | undefined) {
  if (!link) return {};
  const parsed = parseVideoLink(link);
  if (!parsed) {
    throw new AppError('BAD_REQUEST', STAFF_MEDIA_MESSAGES.notAVideoLink, {
      fieldErrors: { link: [STAFF_MEDIA_MESSAGES.notAVideoLink] },
    });
  }
  return {
    vimeoCode: parsed.host === 'vimeo' ? parsed.code : null,
    youtubeCode: parsed.host === 'youtube' ? parsed.code : null,
    mediaKey: null,
    mediaType: null,
  };
}

async function categoryOr404(db: Db, slug: string) {
  if (!(await selectCategory(db, slug))) {
    throw new AppError('NOT_FOUND', STAFF_MEDIA_MESSAGES.categoryNotFound, {
      fieldErrors: { categorySlug: [STAFF_MEDIA_MESSAGES.categoryNotFound] },
    });
  }
}

const DEFAULT_THUMBNAIL = '/arc/training/images/thumb-portal-tour.svg';

export async function createVideo(
  deps: StaffMediaDeps,
  actor: StaffActor,
  input: SaveTrainingVideo,
): Promise<StaffTrainingVideo> {
  const description = cleanRichText(input.description, 'description');
  const link = linkColumns(input.link);
  await categoryOr404(deps.db, input.categorySlug);
  const row = await insertVideoRow(deps.db, {
    id: `video-${randomId()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`,
    categorySlug: input.categorySlug,
    title: input.title,
    description,
    sortOrder: input.sortOrder,
    isPublished: input.isPublished,
    thumbs: DEFAULT_THUMBNAIL,
    ...link,
  });
  await audit(deps, actor, {
    agentId: null,
    action: 'training.video-created',
    subject: row.id,
    detail: { title: row.title, category: row.categorySlug, published: row.isPublished, link: videoLinkOf(row) },
  });
  return videoView(row);
}

export async function updateVideo(
  deps: StaffMediaDeps,
  actor: StaffActor,
  id: string,
  input: SaveTrainingVideo,
): Promise<StaffTrainingVideo> {
  const description = cleanRichText(input.description, 'description');
  const link = linkColumns(input.link);
  const before = await selectVideo(deps.db, id);
  if (!before) throw new AppError('NOT_FOUND', STAFF_MEDIA_MESSAGES.videoNotFound);
  await categoryOr404(deps.db, input.categorySlug);
  const row = (await updateVideoRow(deps.db, id, {
    title: input.title,
    description,
    categorySlug: input.categorySlug,
    sortOrder: input.sortOrder,
    isPublished: input.isPublished,
    ...link,
  }))!;
  if ('mediaKey' in link) await dropUpload(deps.storage, before.mediaKey, CLIP_PREFIX);
  await audit(deps, actor, {
    agentId: null,
    action: 'training.video-changed',
    subject: id,
    detail: {
      title: row.title,
      category: row.categorySlug,
      order: row.sortOrder,
      published: row.isPublished,
      link: videoLinkOf(row),
    },
  });
  return videoView(row);
}

/** Removes a replaced upload (never a seeded clip or image, which other rows may share). */
async function dropUpload(storage: Storage, key: string | null, prefix: string) {
  if (key?.startsWith(prefix)) await storage.delete(key).catch(() => undefined);
}

/** Whether the first bytes are an ISO base media file (MP4): a box of type `ftyp` first. */
export const isMp4 = (head: Buffer) => head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp';

/**
 * Streams an MP4 to the file store: the first bytes must say MP4 (415 otherwise, whatever the file's name), an
 * empty file is refused, and the row points at the new clip only once it is stored whole.
 */
export async function storeClip(
  deps: StaffMediaDeps,
  actor: StaffActor,
  id: string,
  file: AsyncIterable<Buffer>,
): Promise<StaffTrainingVideo> {
  const before = await selectVideo(deps.db, id);
  if (!before) throw new AppError('NOT_FOUND', STAFF_MEDIA_MESSAGES.videoNotFound);
  const hash = createHash('sha256');
  let size = 0;
  async function* checked(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    let checkedHead = false;
    for await (const chunk of file) {
      hash.update(chunk);
      size += chunk.length;
      if (!checkedHead) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 12) continue;
        if (!isMp4(head)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', STAFF_MEDIA_MESSAGES.notAnMp4);
        checkedHead = true;
        yield head;
        continue;
      }
      yield chunk;
    }
    if (size === 0) throw new AppError('BAD_REQUEST', STAFF_MEDIA_MESSAGES.emptyFile);
    if (!checkedHead) throw new AppError('UNSUPPORTED_MEDIA_TYPE', STAFF_MEDIA_MESSAGES.notAnMp4);
  }
  const key = `${CLIP_PREFIX}${id}-${randomBytes(6).toString('hex')}.mp4`;
  await deps.storage.put(key, Readable.from(checked()));
  const row = await updateVideoRow(deps.db, id, {
    mediaKey: key,
    mediaType: 'video/mp4',
    vimeoCode: null,
    youtubeCode: null,
  });
  if (!row) {
    await deps.storage.delete(key);
    throw new AppError('NOT_FOUND', STAFF_MEDIA_MESSAGES.videoNotFound);
  }
  await dropUpload(deps.storage, before.mediaKey, CLIP_PREFIX);
  await audit(deps, actor, {
    agentId: null,
    action: 'training.video-uploaded',
    subject: id,
    detail: { kind: 'clip', bytes: size, sha256: hash.digest('hex') },
  });
  return videoView(row);
}

/** A thumbnail: read whole (it is small), checked by its bytes and drawn again as a JPEG (docs/decisions/files.md). */
export async function storeThumbnail(
  deps: StaffMediaDeps,
  actor: StaffActor,
  id: string,
  file: AsyncIterable<Buffer>,
): Promise<StaffTrainingVideo> {
  const before = await selectVideo(deps.db, id);
  if (!before) throw new AppError('NOT_FOUND', STAFF_MEDIA_MESSAGES.videoNotFound);
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk);
  const input = Buffer.concat(chunks);
  if (input.length === 0) throw new AppError('BAD_REQUEST', STAFF_MEDIA_MESSAGES.emptyFile);
  let jpeg: Buffer;
  try {
    jpeg = await reencodeAvatar(input);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', STAFF_MEDIA_MESSAGES.notAnImage);
    }
    throw err;
  }
  const name = `${id}-${randomBytes(6).toString('hex')}.jpg`;
  await deps.storage.put(`${THUMB_PREFIX}${name}`, Readable.from([jpeg]));
  const row = (await updateVideoRow(deps.db, id, { thumbs: `${THUMBNAIL_PATH}${name}` }))!;
  if (before.thumbs.startsWith(THUMBNAIL_PATH)) {
    await dropUpload(deps.storage, `${THUMB_PREFIX}${before.thumbs.slice(THUMBNAIL_PATH.length)}`, THUMB_PREFIX);
  }
  await audit(deps, actor, {
    agentId: null,
    action: 'training.video-uploaded',
    subject: id,
    detail: { kind: 'thumbnail', bytes: input.length, sha256: createHash('sha256').update(input).digest('hex') },
  });
  return videoView(row);
}
