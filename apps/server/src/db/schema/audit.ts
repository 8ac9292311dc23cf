import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/decisions/audit-log.md): who did what, when, from which address. Append-only — the code has no
 * update or delete path, and a trigger (db/append-only.ts) refuses UPDATE, DELETE and TRUNCATE except the retention
 * purge.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** no foreign key: the record outlives the agent's account; null when nobody is known (an unknown login) */
    agentId: text('agent_id'),
    /** the staff member who acted or is concerned (docs/decisions/back-office.md); no foreign key either */
    staffId: text('staff_id'),
    /** the client address as trusted by TRUST_PROXY */
    ip: text('ip'),
    /** what happened, from the audit service's closed list ('sign-in.succeeded', 'file.downloaded' …) */
    action: text('action').notNull(),
    /** what it happened to (a file id, a list name), when there is one */
    subject: text('subject'),
    /** anything else worth keeping (the search behind an export, the number of rows) */
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_occurred_at_idx').on(t.occurredAt),
    index('audit_log_agent_idx').on(t.agentId, t.occurredAt),
    index('audit_log_staff_idx').on(t.staffId, t.occurredAt),
    // the back office's action filter, newest first (docs/decisions/audit-log.md)
    index('audit_log_action_idx').on(t.action, t.occurredAt),
  ],
);
