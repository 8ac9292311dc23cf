import { withRetentionPurge } from '../../db/append-only.ts';
import type { Db } from '../../db/client.ts';
import type { AuditDeps, AuditEvent } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { keysetRows } from '../../platform/xlsx.ts';
import { deleteAuditRowsBefore, insertAuditRow, selectAuditPage, type AuditFilter, type AuditRow } from './queries.ts';

/** Longest text kept from a caller-controlled value (a typed login, a file name): the log must not be a sink. */
const MAX_TEXT = 200;
const clip = (value: string | null | undefined) =>
  value === null || value === undefined ? null : value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;

/**
 * Records one event (the recorder of platform/audit.ts, which app.ts hands to identity/). Awaited by the caller,
 * in the request: if the record cannot be written, the action fails rather than happening unrecorded.
 */
export async function recordAudit(deps: AuditDeps, event: AuditEvent): Promise<void> {
  await insertAuditRow(deps.db, {
    occurredAt: deps.clock.now(),
    agentId: event.agentId,
    staffId: event.staffId ?? null,
    ip: clip(event.ip),
    action: event.action,
    subject: clip(event.subject),
    detail: event.detail ?? null,
  });
}

export type AuditRecord = AuditRow;
export type { AuditFilter };

/** Every record matching the filter, oldest first, read in short keyset pages (for the export command). */
export function auditRecords(db: Db, filter: AuditFilter): AsyncGenerator<AuditRecord> {
  return keysetRows({
    page: (after: number | undefined, limit) => selectAuditPage(db, filter, after, limit),
    key: (row) => row.id,
    pageSize: 1000,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_BATCH = 5000;

/**
 * Deletes the records older than the retention (AUDIT_RETENTION_DAYS; 0 keeps everything), in batches so
 * PGlite's one connection is never held for long. The only delete the append-only trigger lets through.
 */
export async function purgeExpiredAudit(deps: { db: Db; clock: Clock }, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  const before = new Date(deps.clock.now().getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await withRetentionPurge(deps.db, (tx) => deleteAuditRowsBefore(tx, before, PURGE_BATCH));
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
