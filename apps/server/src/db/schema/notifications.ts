import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';

/** The agents' notification centre (issue 32): one row per notification, read or not. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** NOTIFICATION_KINDS (packages/contract): order-shipped, order-cancelled, ready-to-sell-changed, … */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** where it opens in the portal (a path), or an outside link */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_agent_idx').on(t.agentId, t.id),
    index('notifications_unread_idx')
      .on(t.agentId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The kinds of notification an agent does not want by e-mail (My Profile); in the portal they always show. */
export const notificationEmailOptOuts = pgTable(
  'notification_email_opt_outs',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.kind] })],
);
