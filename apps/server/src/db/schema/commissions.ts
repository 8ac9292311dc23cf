import { date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { agents } from './profile.ts';

/**
 * One commission statement of one agent. A seeded statement's CSV is a stored file kept gzip-compressed (design
 * §3); a statement published from the back office (docs/decisions/imports-and-jobs.md) has no file: its lines are rows
 * of `commission_statement_lines`, and the CSV is written from them when the agent downloads it.
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    fileId: text('file_id').references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('commission_statements_agent_date_idx').on(t.agentId, t.statementDate, t.id),
    // a re-published period is found by its date
    index('commission_statements_date_idx').on(t.statementDate),
  ],
);

/** The lines of a published statement, in file order (the key is the statement's download read). */
export const commissionStatementLines = pgTable(
  'commission_statement_lines',
  {
    statementId: text('statement_id')
      .notNull()
      .references(() => commissionStatements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    carrier: text('carrier').notNull(),
    policyNumber: text('policy_number').notNull(),
    client: text('client').notNull(),
    product: text('product').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    transaction: text('transaction').notNull(),
    premium: numeric('premium', { precision: 12, scale: 2 }).notNull(),
    commission: numeric('commission', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.statementId, t.position] })],
);
