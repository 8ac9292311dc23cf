import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { importJobs, staffAccounts } from '../../db/schema/index.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobWithStaff = ImportJobRow & { startedByEmail: string | null };

export async function insertImportJob(db: Db, row: typeof importJobs.$inferInsert): Promise<void> {
  await db.insert(importJobs).values(row);
}

const withStaff = {
  job: importJobs,
  email: staffAccounts.email,
};

export async function selectImportJobs(db: Db, limit: number): Promise<ImportJobWithStaff[]> {
  const rows = await db
    .select(withStaff)
    .from(importJobs)
    .leftJoin(staffAccounts, eq(staffAccounts.id, importJobs.startedBy))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.job, startedByEmail: r.email }));
}

export async function selectImportJob(db: Db, id: string): Promise<ImportJobWithStaff | null> {
  const [row] = await db
    .select(withStaff)
    .from(importJobs)
    .leftJoin(staffAccounts, eq(staffAccounts.id, importJobs.startedBy))
    .where(eq(importJobs.id, id));
  return row ? { ...row.job, startedByEmail: row.email } : null;
}

/** A run begins: from the start, its counts back to zero (a run cut by a restart is run again from the start). */
export async function markRunning(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(importJobs)
    .set({
      status: 'running',
      attempts: sql`${importJobs.attempts} + 1`,
      startedAt: now,
      rowsRead: 0,
      rowsRejected: 0,
      bytesRead: 0,
      error: null,
      reportKey: null,
    })
    .where(and(eq(importJobs.id, id), ne(importJobs.status, 'done')));
}

export async function updateProgress(
  db: Db,
  id: string,
  progress: { rowsRead: number; rowsRejected: number; bytesRead: number },
): Promise<void> {
  await db
    .update(importJobs)
    .set(progress)
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')));
}

/**
 * Marks the job done, in the transaction of the import's apply: false when it was done already (another run
 * applied it), and the caller then rolls the apply back.
 */
export async function markDone(
  tx: Db,
  id: string,
  outcome: { rowsRead: number; rowsRejected: number; bytesRead: number; reportKey: string | null; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(importJobs)
    .set({
      status: 'done',
      rowsRead: outcome.rowsRead,
      rowsRejected: outcome.rowsRejected,
      bytesRead: outcome.bytesRead,
      reportKey: outcome.reportKey,
      finishedAt: outcome.now,
    })
    .where(and(eq(importJobs.id, id), ne(importJobs.status, 'done')))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

export async function markFailed(
  db: Db,
  id: string,
  outcome: {
    error: string;
    rowsRead: number;
    rowsRejected: number;
    bytesRead: number;
    reportKey: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .update(importJobs)
    .set({
      status: 'failed',
      error: outcome.error,
      rowsRead: outcome.rowsRead,
      rowsRejected: outcome.rowsRejected,
      bytesRead: outcome.bytesRead,
      reportKey: outcome.reportKey,
      finishedAt: outcome.now,
    })
    .where(and(eq(importJobs.id, id), ne(importJobs.status, 'done')));
}

/** The counts of a job applied by a kind that counts its lines only as it applies (the CSV kinds). */
export async function setCounts(
  db: Db,
  id: string,
  counts: { rowsRead: number; rowsRejected: number; bytesRead: number },
): Promise<void> {
  await db.update(importJobs).set(counts).where(eq(importJobs.id, id));
}
