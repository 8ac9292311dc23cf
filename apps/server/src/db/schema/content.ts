import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

/** The carriers offered on each enrollment platform (spec §3, Carrier by platform). */
export const platformCarriers = pgTable(
  'platform_carriers',
  {
    /** MyHealthPlan or Sunfire (the contract's PLATFORMS) */
    platform: text('platform').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.name] })],
);

/** The documents of the Policies and Resource Documents pages; the bytes are a shared stored file. */
export const contentDocuments = pgTable(
  'content_documents',
  {
    id: text('id').primaryKey(),
    /** policies or resources (the contract's CONTENT_DOCUMENT_SECTIONS) */
    section: text('section').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** the current PDF; null until the back office uploads one */
    fileId: text('file_id').references(() => files.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** agents see it only while published; a new one starts unpublished (docs/decisions/content-publishing.md) */
    published: boolean('published').notNull().default(false),
  },
  (t) => [index('content_documents_section_idx').on(t.section, t.sortOrder)],
);

/** An information page's introduction as the back office wrote it (cleaned HTML); seeded from page-texts.ts. */
export const contentPageTexts = pgTable('content_page_texts', {
  /** the contract's PAGE_TEXT_KEYS */
  page: text('page').primaryKey(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An outbound destination or contact address stored by the back office; it wins over the content file's value
 * (modules/content/destinations.ts), which stays the default for a key without a row
 * (docs/decisions/information-pages.md).
 */
export const contentDestinations = pgTable('content_destinations', {
  /** the contract's DESTINATION_KEYS */
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
