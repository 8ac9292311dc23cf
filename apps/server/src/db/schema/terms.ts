import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';
import { staffAccounts } from './staff.ts';

/**
 * Versioned terms of service (the id is the version's number). The newest version whose `publishedAt` has come is
 * the one every agent must accept; a later `publishedAt` schedules a version, none (null) leaves it a draft that
 * the back office may still edit (docs/decisions/terms.md).
 */
export const termsDocuments = pgTable(
  'terms_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** HTML: cleaned by cleanRichText when written in the back office */
    body: text('body').notNull(),
    /** the effective moment; null while a draft */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member who wrote the draft (null for seeded versions) */
    createdBy: text('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** who published it and when they did (the effective moment may be later) */
    publishedBy: text('published_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    publishRecordedAt: timestamp('publish_recorded_at', { withTimezone: true }),
  },
  (t) => [index('terms_documents_published_at_idx').on(t.publishedAt)],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    termsId: integer('terms_id')
      .notNull()
      .references(() => termsDocuments.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terms_acceptances_agent_terms_key').on(t.agentId, t.termsId),
    // the back office's acceptance history, newest first, per version
    index('terms_acceptances_terms_accepted_idx').on(t.termsId, t.acceptedAt),
  ],
);

/**
 * The latest reminder to accept the terms each agent got from the back office (issue 47): one row per agent, so the
 * 24-hour rule is one conditional upsert (`INSERT … ON CONFLICT … WHERE reminded_at <= now - 24 h`), and the list of
 * who has not accepted shows when each was last reminded. Every reminder is also in the audit log.
 */
export const termsReminders = pgTable('terms_reminders', {
  agentId: text('agent_id')
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  /** the version in force when the reminder went out */
  termsId: integer('terms_id')
    .notNull()
    .references(() => termsDocuments.id),
  remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull(),
  remindedBy: text('reminded_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
});
