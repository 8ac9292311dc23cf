import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

/** The Final Expense screen's Documents list; the bytes are a shared stored file. */
export const finalExpenseFiles = pgTable('final_expense_files', {
  id: integer('id').primaryKey(),
  filename: text('filename').notNull(),
  /** the current PDF; null until the back office uploads one */
  fileId: text('file_id').references(() => files.id, { onDelete: 'cascade' }),
  sortOrder: integer('sort_order').notNull().default(0),
  /** agents see it only while published; a new one starts unpublished (docs/decisions/content-publishing.md) */
  published: boolean('published').notNull().default(false),
});
