import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff.ts';

/**
 * The back office's imports that run as background jobs (docs/decisions/imports-and-jobs.md, docs/data-import.md): the
 * uploaded file in the file store, its SHA-256, who started it, its progress and outcome, and the report of its
 * rejected lines (a CSV in the file store). pg-boss carries the job between replicas; this row is what staff see, and
 * its `done` status is written in the same transaction as the import's apply, so a job run twice applies once.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    /** t65, landscape, agents, contracts, certifications, ready-to-sell */
    kind: text('kind').notNull(),
    /** the file's name as uploaded */
    fileName: text('file_name').notNull(),
    /** where its bytes are in the file store */
    fileKey: text('file_key').notNull(),
    fileSha256: text('file_sha256').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    /** the kind's options (the landscape's year, the roster's deactivateMissing) */
    options: text('options').notNull().default('{}'),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    /** the rejected lines (CSV: line, reason, content) in the file store, once a run wrote them */
    reportKey: text('report_key'),
    /** how many times a replica began it (a run cut by a restart begins again) */
    attempts: integer('attempts').notNull().default(0),
    startedBy: text('started_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('import_jobs_created_at_idx').on(t.createdAt)],
);
