import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Tracking events and client errors from POST /arc/telemetry. */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id'),
    event: text('event').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telemetry_events_event_created_idx').on(t.event, t.createdAt)],
);
