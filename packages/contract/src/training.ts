import * as z from 'zod/mini';
import { DateTimeSchema, defineRoute, ErrorResponseSchema } from './common.ts';

export const TrainingVideoSchema = z.object({
  /** stable identifier (a slug); the web route uses the title, as the spec says */
  id: z.string(),
  title: z.string(),
  /** HTML from the provider's content team; the web app sanitises it before rendering */
  description: z.string(),
  /** a Vimeo video id: the player embeds player.vimeo.com; null for clips stored in the portal */
  vimeoCode: z.nullable(z.string()),
  /** a YouTube video id: the player embeds www.youtube-nocookie.com; null otherwise */
  youtubeCode: z.nullable(z.string()),
  /** thumbnail image URL */
  thumbs: z.string(),
  /** true when the portal stores the clip itself (play it through the source call) */
  isHosted: z.boolean(),
});
export type TrainingVideo = z.infer<typeof TrainingVideoSchema>;

export const TrainingCategorySchema = z.object({
  /** URL-safe key; the web route uses the category name, URI-encoded, as the spec says */
  slug: z.string(),
  category_name: z.string(),
  category_description: z.string(),
  /** logo image URL */
  logo: z.string(),
  /** Annuities: listed, with 'Coming Soon…' instead of its videos */
  isComingSoon: z.boolean(),
  videos: z.array(TrainingVideoSchema),
});
export type TrainingCategory = z.infer<typeof TrainingCategorySchema>;

export const listTrainingCategories = defineRoute({
  method: 'GET',
  path: '/arc/training/categories',
  summary: 'The Videos On Demand categories with their videos, in display order',
  tags: ['training'],
  auth: 'agent',
  responses: {
    200: z.object({ categories: z.array(TrainingCategorySchema) }),
    401: ErrorResponseSchema,
  },
});

export const TrainingVideoSourceSchema = z.object({
  /** a signed URL for the <video> element, valid for several (range) requests until `expiresAt` */
  url: z.string(),
  contentType: z.string(),
  expiresAt: DateTimeSchema,
});
export type TrainingVideoSource = z.infer<typeof TrainingVideoSourceSchema>;

export const getTrainingVideoSource = defineRoute({
  method: 'GET',
  path: '/arc/training/videos/:videoId/source',
  summary: 'A short-lived signed URL to play a clip stored in the portal',
  tags: ['training'],
  auth: 'agent',
  params: z.object({ videoId: z.string().check(z.minLength(1), z.maxLength(120)) }),
  responses: {
    200: TrainingVideoSourceSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
});

/**
 * Opened by the <video> element itself (no bearer header): the signed token is the credential. Answers the
 * whole clip (200) or one byte range (206 with Content-Range); 416 for a range outside the clip.
 */
export const streamTrainingMedia = defineRoute({
  method: 'GET',
  path: '/arc/training/media',
  summary: 'Stream a stored training clip, with HTTP Range support',
  tags: ['training'],
  auth: 'none',
  query: z.object({ token: z.string().check(z.maxLength(512)) }),
  responses: { 400: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 416: ErrorResponseSchema },
});

/** How long a signed media URL plays: long enough for any demo clip, pauses included. */
export const MEDIA_URL_TTL_SECONDS = 4 * 60 * 60;

export const TRAINING_TEXT = {
  heading: 'Videos On Demand',
  back: 'Back',
  comingSoon: 'Coming Soon…',
  videoFailed: 'This video could not be loaded. Check your connection and try again, or choose another video.',
  categoriesFailed: 'Problem retrieving training videos from server.',
  videoNotFound: 'This video could not be found. It may have been moved or renamed.',
  categoryNotFound: 'This category could not be found.',
} as const;

/**
 * A thumbnail uploaded in the back office (a re-encoded JPEG, docs/decisions/information-pages.md): public like the SVG
 * thumbnails.
 */
export const getTrainingThumbnail = defineRoute({
  method: 'GET',
  path: '/arc/training/thumbnails/:name',
  summary: 'A training video thumbnail uploaded in the back office',
  tags: ['training'],
  auth: 'none',
  params: z.object({ name: z.string().check(z.minLength(1), z.maxLength(200)) }),
  responses: { 404: ErrorResponseSchema },
});
