import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

/** The Final Expense screen's Documents list; the bytes are a shared stored file. */
export const finalExpenseFiles = pgTable('final_expense_files', {
  id: integer('id').primaryKey(),
  filename: text('filename').notNull(),
  fileId: text('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
  sortOrder: integer('sort_order').notNull().default(0),
});
