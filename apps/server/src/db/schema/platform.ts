import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail the portal sends; the development mailbox reads it in demo mode. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt)],
);
