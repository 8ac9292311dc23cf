import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './profile.ts';

/** Metadata of stored files; the bytes live in the storage backend under `storageKey`. */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  /** null: any signed-in agent may download it; otherwise only this agent */
  ownerAgentId: text('owner_agent_id').references(() => agents.id, { onDelete: 'cascade' }),
  contentEncoding: text('content_encoding'),
  /**
   * the back-office document this file is a version of (its list, `contentKind`, and its key in that list): agents
   * may download it only while that document is published; versions are never overwritten, so an older link keeps
   * its bytes (docs/decisions/content-publishing.md)
   */
  contentDocumentKey: text('content_document_key'),
  /** `dashboard` or one of the contract's LIBRARY_KINDS; set with contentDocumentKey */
  contentKind: text('content_kind'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use download tokens (60 s), bound to an agent and either a stored file or a generated export
 * (such as the agent's enrollments as a spreadsheet). Only the hash is stored.
 */
export const downloadTokens = pgTable(
  'download_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    fileId: text('file_id').references(() => files.id, { onDelete: 'cascade' }),
    /** the export this token opens, when it is not for a stored file */
    exportName: text('export_name'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('download_tokens_expires_at_idx').on(t.expiresAt),
    check('download_tokens_file_or_export', sql`(${t.fileId} is null) <> (${t.exportName} is null)`),
  ],
);
