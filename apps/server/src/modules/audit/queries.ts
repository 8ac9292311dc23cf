import { and, asc, eq, gt, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** The only write: an insert (there is no update or delete here, and the table's trigger refuses both). */
export async function insertAuditRow(db: Pick<Db, 'insert'>, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  since?: Date | undefined;
  until?: Date | undefined;
  agentId?: string | undefined;
}

/** One keyset page in id order (ids grow with time), so an export of any size is a run of short queries. */
export async function selectAuditPage(
  db: Db,
  filter: AuditFilter,
  after: number | undefined,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        after === undefined ? undefined : gt(auditLog.id, after),
        filter.since ? gte(auditLog.occurredAt, filter.since) : undefined,
        filter.until ? lt(auditLog.occurredAt, filter.until) : undefined,
        filter.agentId === undefined ? undefined : eq(auditLog.agentId, filter.agentId),
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

/** Deletes up to `limit` rows older than `before`; only callable inside withRetentionPurge. Returns the count. */
export async function deleteAuditRowsBefore(tx: Db, before: Date, limit: number): Promise<number> {
  const doomed = tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(lt(auditLog.occurredAt, before))
    .orderBy(asc(auditLog.id))
    .limit(limit);
  const deleted = await tx.delete(auditLog).where(inArray(auditLog.id, doomed)).returning({ id: auditLog.id });
  return deleted.length;
}
