import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { files } from './files.ts';
import { agents } from './profile.ts';
import { staffAccounts } from './staff.ts';

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
    /** the client it is for (issue 46); null for an enrollment uploaded before clients existed */
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** the plan's contract-plan id, `H1234-001` (a segment other than 0 appended), as staff enter it (issue 46) */
    planId: text('plan_id'),
    /** SOA_PRODUCTS: what kind of product it is, the SOA scope check's key */
    productType: text('product_type'),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** the carrier's application or confirmation number */
    applicationNumber: text('application_number'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * raised by every status change: a queue action sent with an older version is refused
     * (docs/decisions/enrollments.md)
     */
    version: integer('version').notNull().default(1),
    /** the staff member working the enrollment (docs/decisions/back-office.md's assignment); null: unassigned */
    assigneeId: text('assignee_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** when it was submitted to the carrier or declined: the work dashboard's "done" per day (cleared by a pend) */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('enrollments_client_idx').on(t.clientId),
    index('enrollments_agent_received_idx').on(t.agentId, t.receivedAt, t.id),
    // the back office's queue (docs/decisions/enrollments.md): newest first, by status, by carrier; the client's last
    // name searched
    index('enrollments_received_idx').on(t.receivedAt, t.id),
    index('enrollments_status_received_idx').on(t.status, t.receivedAt, t.id),
    index('enrollments_carrier_received_idx').on(t.carrierName, t.receivedAt, t.id),
    index('enrollments_client_last_prefix_idx').on(sql`lower(${t.clientLast}) text_pattern_ops`),
    index('enrollments_status_carrier_received_idx').on(t.status, t.carrierName, t.receivedAt, t.id),
    index('enrollments_mode_received_idx').on(t.mode, t.receivedAt, t.id),
    index('enrollments_client_sort_idx').on(t.clientLast, t.clientFirst, t.id),
    // the assignee filter (Mine, a colleague, Unassigned: migration 0030)
    index('enrollments_assignee_received_idx').on(t.assigneeId, t.receivedAt, t.id),
    // the work dashboard (migration 0030): each member's open enrollments and those done per day, index-only
    index('enrollments_open_assignee_idx')
      .on(t.assigneeId, t.receivedAt)
      .where(sql`${t.status} in ('Received', 'In Review', 'Pended', 'Resolved')`),
    index('enrollments_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
  ],
);

/**
 * What happened to an enrollment in the back office (docs/decisions/enrollments.md): each queue action and each status
 * the integration key set, with who did it. Staff read it in the queue; the agent sees the status and reason.
 */
export const enrollmentLog = pgTable(
  'enrollment_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enrollmentId: text('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** the staff member who acted; null for the integration key */
    staffId: text('staff_id'),
    /** the name shown: the staff member's e-mail local part, or Integration */
    by: text('by').notNull(),
    action: text('action').notNull(),
  },
  (t) => [index('enrollment_log_enrollment_idx').on(t.enrollmentId, t.at)],
);

/**
 * Each agent's enrollment uploads of one business day (docs/decisions/files.md): reserved before a byte is stored, in
 * one conditional upsert, so parallel uploads cannot overshoot UPLOADS_PER_DAY or UPLOAD_BYTES_PER_DAY. Rows of past
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
