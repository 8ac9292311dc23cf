import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

/** Compliance guide documents, numbered 2145 to 2163; the PDF bytes are a shared stored file. */
export const complianceGuides = pgTable('compliance_guides', {
  fileNumber: integer('file_number').primaryKey(),
  name: text('name').notNull(),
  downloadName: text('download_name').notNull(),
  /** the current PDF; null until the back office uploads one */
  fileId: text('file_id').references(() => files.id, { onDelete: 'cascade' }),
  /** agents see it only while published; a new one starts unpublished (docs/decisions/content-publishing.md) */
  published: boolean('published').notNull().default(false),
});
