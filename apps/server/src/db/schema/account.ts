import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';

/** Single-use e-mail links (register, forgot password). Only the SHA-256 of the token is stored. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('action_tokens_agent_idx').on(t.agentId)],
);
