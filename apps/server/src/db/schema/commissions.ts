import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { agents } from './profile.ts';

/** One commission statement of one agent; the CSV is a stored file kept gzip-compressed (design §3). */
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
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [index('commission_statements_agent_date_idx').on(t.agentId, t.statementDate, t.id)],
);
