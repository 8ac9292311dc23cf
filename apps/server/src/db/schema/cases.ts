import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';

/** Member-support cases filed with the case form (spec part 1 §3 Case report payload). */
export const cases = pgTable(
  'cases',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    memberName: text('member_name').notNull(),
    memberId: text('member_id').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    memberPhoneNumber: text('member_phone_number').notNull(),
    requestType: text('request_type').notNull(),
    carrier: text('carrier').notNull(),
    description: text('description').notNull(),
    carrierService: text('carrier_service').notNull(),
    /** the member-support address the case was e-mailed to */
    emailedTo: text('emailed_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cases_agent_idx').on(t.agentId, t.createdAt)],
);
