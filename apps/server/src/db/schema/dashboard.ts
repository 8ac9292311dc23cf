import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

/** Carrier Benefits / First Look tiles, by year. */
export const dashboardFiles = pgTable(
  'dashboard_files',
  {
    key: text('key').primaryKey(),
    documentId: integer('document_id').notNull(),
    year: integer('year').notNull(),
    carrier: text('carrier').notNull(),
    img: text('img').notNull(),
    logoType: text('logo_type').notNull().default('standard'),
    link: text('link'),
    /** the carrier site's shared password shown to signed-in agents on the tile (Anthem): data, never in the web code */
    sharedPassword: text('shared_password'),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * agents see a tile, and may download any version of its PDF, only while it is published
     * (docs/decisions/content-publishing.md)
     */
    published: boolean('published').notNull().default(false),
  },
  (t) => [index('dashboard_files_year_idx').on(t.year, t.sortOrder)],
);
