import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { agents } from './profile.ts';

/**
 * Enrollments an agent uploaded (or that reached the provider another way, without a file). Staff move them
 * through their statuses; `reason` is set only while the status is Pended.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('Received'),
    reason: text('reason'),
    /** newapp (New Enrollment) or problem (Pended Enrollment), as chosen at upload */
    mode: text('mode').notNull(),
    clientFirst: text('client_first'),
    clientLast: text('client_last'),
    clientState: text('client_state'),
    carrierName: text('carrier_name'),
    productName: text('product_name'),
    fileId: text('file_id').references(() => files.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrollments_agent_received_idx').on(t.agentId, t.receivedAt, t.id)],
);

/**
 * Each agent's enrollment uploads of one business day (decision 068): reserved before a byte is stored, in one
 * conditional upsert, so parallel uploads cannot overshoot UPLOADS_PER_DAY or UPLOAD_BYTES_PER_DAY. Rows of past
 * days are purged.
 */
export const uploadQuotaDays = pgTable(
  'upload_quota_days',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** the business day (TZ_BUSINESS), YYYY-MM-DD */
    day: text('day').notNull(),
    uploads: integer('uploads').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);
