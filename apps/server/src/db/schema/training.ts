import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** The Videos On Demand categories (design §3: data-driven; Annuities is flagged coming soon). */
export const trainingCategories = pgTable('training_categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  /** logo image URL */
  logo: text('logo').notNull(),
  isComingSoon: boolean('is_coming_soon').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const trainingVideos = pgTable(
  'training_videos',
  {
    id: text('id').primaryKey(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => trainingCategories.slug, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** HTML, sanitised by the web app before rendering */
    description: text('description').notNull(),
    vimeoCode: text('vimeo_code'),
    /** a YouTube video id (the player embeds youtube-nocookie.com), or null */
    youtubeCode: text('youtube_code'),
    /** thumbnail image URL */
    thumbs: text('thumbs').notNull(),
    /** storage key of a clip the portal serves itself (range requests), or null */
    mediaKey: text('media_key'),
    mediaType: text('media_type'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** agents see only published videos (the back office's draft state, docs/decisions/information-pages.md) */
    isPublished: boolean('is_published').notNull().default(true),
  },
  (t) => [index('training_videos_category_idx').on(t.categorySlug, t.sortOrder)],
);
