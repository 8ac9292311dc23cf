import * as z from 'zod/mini';
import { boundedLength, defineRoute, ErrorResponseSchema } from './common.ts';
import { DestinationKeySchema } from './content.ts';
import { PAGE_TEXT_KEYS } from './page-texts.ts';
import { isSafeUrl, RichTextSchema, SafeUrlSchema } from './rich-text.ts';
import { EDIT_MEDIA } from './staff-roles.ts';

/**
 * The back office's training videos and information pages (issue 33, docs/decisions/information-pages.md): categories
 * (name, order, Coming Soon), videos (rich-text description, thumbnail, published or not, an uploaded MP4 or a
 * Vimeo/YouTube link), the pages' introductions and every outbound destination. Roles `admin` and `content`; every
 * change is an audit event and reaches agents at their next call.
 */

/** An uploaded clip: an MP4 of at most this many bytes. */
export const TRAINING_VIDEO_MAX_BYTES = 512 * 1024 * 1024;
/** An uploaded thumbnail (JPEG, PNG, GIF or WebP; re-encoded as a JPEG of at most 640 px). */
export const TRAINING_THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart part carrying an upload. */
export const MEDIA_UPLOAD_FIELD = 'file';

export const STAFF_MEDIA_MESSAGES = {
  categoryNotFound: 'No training category has this id',
  videoNotFound: 'No training video has this id',
  notAVideoLink: 'Paste a Vimeo or YouTube link (vimeo.com/…, youtube.com/watch?v=… or youtu.be/…)',
  notAnMp4: 'The file is not an MP4 video',
  emptyFile: 'The file is empty',
  notAnImage: 'The thumbnail must be a JPEG, PNG, GIF or WebP picture',
  videoTooLarge: `The video is over ${TRAINING_VIDEO_MAX_BYTES / 1024 / 1024} MiB`,
  thumbnailTooLarge: `The thumbnail is over ${TRAINING_THUMBNAIL_MAX_BYTES / 1024 / 1024} MiB`,
  sendOneFile: `Send the file as one multipart part "${MEDIA_UPLOAD_FIELD}"`,
  notAnEmail: 'Enter an e-mail address such as support@example.com',
  notAWebAddress:
    'Enter a full web address starting with https:// (javascript:, data: and relative addresses are refused)',
  saved: 'Saved',
} as const;

/**
 * An outbound link's value as the help text says: a full https:// address (javascript:, data:, relative and plain
 * http:// addresses are refused). The form and the server apply this one rule.
 */
export const isWebAddress = (value: string): boolean => isSafeUrl(value) && /^https:\/\/[^/\s]/i.test(value);

const SlugSchema = z.string().check(z.minLength(1), boundedLength(120), z.regex(/^[a-z0-9-]+$/));
const OrderSchema = z.int().check(z.minimum(0, 'The order is 0 or more'), z.maximum(10_000, 'At most 10,000'));
const NameSchema = (what: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, `Enter ${what}`), z.maxLength(max, `At most ${max} characters`));

// ── training ───────────────────────────────────────────────────────────────────────────────────────

export const StaffTrainingCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  sortOrder: z.int(),
  isComingSoon: z.boolean(),
  /** the information pages' own videos (docs/decisions/information-pages.md): not listed in Videos On Demand */
  isPageVideos: z.boolean(),
});
export type StaffTrainingCategory = z.infer<typeof StaffTrainingCategorySchema>;

export const VIDEO_SOURCES = ['upload', 'vimeo', 'youtube', 'none'] as const;

export const StaffTrainingVideoSchema = z.object({
  id: z.string(),
  categorySlug: z.string(),
  title: z.string(),
  description: z.string(),
  sortOrder: z.int(),
  isPublished: z.boolean(),
  /** where the video plays from: an uploaded clip, a Vimeo or YouTube link, or nothing yet */
  source: z.enum(VIDEO_SOURCES),
  /** the link as agents' players embed it (Vimeo or YouTube), or null */
  link: z.nullable(z.string()),
  /** thumbnail image URL */
  thumbs: z.string(),
});
export type StaffTrainingVideo = z.infer<typeof StaffTrainingVideoSchema>;

export const StaffTrainingSchema = z.object({
  categories: z.array(StaffTrainingCategorySchema),
  videos: z.array(StaffTrainingVideoSchema),
});

export const listStaffTraining = defineRoute({
  method: 'GET',
  path: '/arc/staff/training',
  summary: 'Every training category and video, published or not',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  responses: { 200: StaffTrainingSchema },
});

export const UpdateTrainingCategorySchema = z.strictObject({
  name: NameSchema('a name', 80),
  sortOrder: OrderSchema,
  /** agents see the category with “Coming Soon…” and none of its videos */
  isComingSoon: z.boolean(),
});
export type UpdateTrainingCategory = z.input<typeof UpdateTrainingCategorySchema>;

export const updateTrainingCategory = defineRoute({
  method: 'PUT',
  path: '/arc/staff/training/categories/:slug',
  summary: 'Rename, reorder or set a training category coming soon',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  params: z.object({ slug: SlugSchema }),
  body: UpdateTrainingCategorySchema,
  responses: { 200: StaffTrainingCategorySchema, 404: ErrorResponseSchema },
});

/** A video's words and place; `link` (Vimeo or YouTube) replaces an uploaded clip, empty keeps what it has. */
export const SaveTrainingVideoSchema = z.strictObject({
  title: NameSchema('a title', 160),
  description: RichTextSchema(20_000),
  categorySlug: SlugSchema,
  sortOrder: OrderSchema,
  isPublished: z.boolean(),
  link: z.optional(z.union([z.literal(''), SafeUrlSchema])),
});
export type SaveTrainingVideo = z.input<typeof SaveTrainingVideoSchema>;

const VideoParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) });

export const createTrainingVideo = defineRoute({
  method: 'POST',
  path: '/arc/staff/training/videos',
  summary: 'Add a training video (a link now, or an upload after)',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  body: SaveTrainingVideoSchema,
  responses: { 201: StaffTrainingVideoSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const updateTrainingVideo = defineRoute({
  method: 'PUT',
  path: '/arc/staff/training/videos/:id',
  summary: 'Change a training video: words, category, order, published, link',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  params: VideoParamsSchema,
  body: SaveTrainingVideoSchema,
  responses: { 200: StaffTrainingVideoSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

/** Multipart, one part `file`: an MP4 (checked by its bytes), streamed to the file store; replaces a link. */
export const uploadTrainingVideoClip = defineRoute({
  method: 'PUT',
  path: '/arc/staff/training/videos/:id/clip',
  summary: 'Upload a training video’s clip (MP4)',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  params: VideoParamsSchema,
  responses: {
    200: StaffTrainingVideoSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
  },
});

/** Multipart, one part `file`: a picture, checked by its bytes and re-encoded (docs/decisions/files.md). */
export const uploadTrainingVideoThumbnail = defineRoute({
  method: 'PUT',
  path: '/arc/staff/training/videos/:id/thumbnail',
  summary: 'Upload a training video’s thumbnail (JPEG, PNG, GIF or WebP)',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  params: VideoParamsSchema,
  responses: {
    200: StaffTrainingVideoSchema,
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
  },
});

// ── pages and links ────────────────────────────────────────────────────────────────────────────────

export const StaffPageTextSchema = z.object({
  page: z.enum(PAGE_TEXT_KEYS),
  title: z.string(),
  body: z.string(),
});

export const StaffDestinationSchema = z.object({
  key: DestinationKeySchema,
  kind: z.enum(['link', 'email']),
  /** the content file's value (with the provider's settings), or null */
  fileValue: z.nullable(z.string()),
  /** the value stored by the back office, or null (the file's value applies) */
  storedValue: z.nullable(z.string()),
  /** what agents get: null when not set or on a `.example` domain (docs/decisions/information-pages.md) */
  shownValue: z.nullable(z.string()),
});
export type StaffDestination = z.infer<typeof StaffDestinationSchema>;

export const listStaffPages = defineRoute({
  method: 'GET',
  path: '/arc/staff/pages',
  summary: 'The information pages’ introductions and every outbound destination',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  responses: {
    200: z.object({ pages: z.array(StaffPageTextSchema), destinations: z.array(StaffDestinationSchema) }),
  },
});

export const updatePageText = defineRoute({
  method: 'PUT',
  path: '/arc/staff/pages/texts/:page',
  summary: 'Change an information page’s introduction (rich text)',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  params: z.object({ page: z.enum(PAGE_TEXT_KEYS) }),
  body: z.strictObject({ body: RichTextSchema(20_000) }),
  responses: { 200: StaffPageTextSchema, 400: ErrorResponseSchema },
});

/**
 * A destination's value: an absolute http(s) address for a link, an e-mail address for an `email…` key; null goes
 * back to the content file's value.
 */
export const updateDestination = defineRoute({
  method: 'PUT',
  path: '/arc/staff/pages/destinations/:key',
  summary: 'Change an outbound link or contact address (null: back to the content file’s)',
  tags: ['staff'],
  auth: EDIT_MEDIA,
  params: z.object({ key: DestinationKeySchema }),
  body: z.strictObject({ value: z.nullable(z.string().check(z.trim(), z.maxLength(2000))) }),
  responses: { 200: StaffDestinationSchema, 400: ErrorResponseSchema },
});
