import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';
import { staffAccounts } from './staff.ts';

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
    /** CASE_STATUSES: Open, In progress, Closed (a case filed before the back office's queue is Open) */
    status: text('status').notNull().default('Open'),
    /** the staff member who took the case (Assign to me) */
    assigneeId: text('assignee_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** raised by every back-office action: an action at an older version is refused (docs/decisions/cases.md) */
    version: integer('version').notNull().default(1),
    /** the last thing done on the case: filed, assigned, a status, a note or a reply */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when it was closed: the work dashboard's "done" per day (cleared when it is opened again) */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('cases_agent_idx').on(t.agentId, t.createdAt),
    // the back office's queue (migration 0020): newest first, by status, by assignee, by last activity
    index('cases_created_idx').on(t.createdAt, t.id),
    index('cases_status_created_idx').on(t.status, t.createdAt, t.id),
    index('cases_assignee_created_idx').on(t.assigneeId, t.createdAt, t.id),
    index('cases_updated_idx').on(t.updatedAt, t.id),
    // the work dashboard (migration 0030): open and unassigned, each member's open cases, those done per day
    index('cases_status_assignee_created_idx').on(t.status, t.assigneeId, t.createdAt),
    index('cases_open_assignee_idx')
      .on(t.assigneeId, t.createdAt)
      .where(sql`${t.status} <> 'Closed'`),
    index('cases_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
    // the queue's request type and carrier filters, and the carrier filter's choices (migration 0030)
    index('cases_request_type_created_idx').on(t.requestType, t.createdAt, t.id),
    index('cases_carrier_created_idx').on(t.carrier, t.createdAt, t.id),
  ],
);

/**
 * A case's thread (docs/decisions/cases.md): member support's replies (e-mailed to the agent and shown on My cases) and
 * internal notes (the back office only), oldest first.
 */
export const caseMessages = pgTable(
  'case_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: text('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** reply | note */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** a reply: the address it was e-mailed to; null when the agent takes case replies in the portal only */
    emailedTo: text('emailed_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('case_messages_case_idx').on(t.caseId, t.id)],
);
