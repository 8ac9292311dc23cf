import { withRetentionPurge } from '../../db/append-only.ts';
import type { Db } from '../../db/client.ts';
import type { AuditDeps, AuditEvent } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { keysetRows } from '../../platform/xlsx.ts';
import {
  deleteAuditRowsBefore,
  insertAuditRow,
  selectAuditPage,
  type AuditFilter,
  type AuditPosition,
  type AuditRecord,
} from './queries.ts';

/** Longest text kept from a caller-controlled value (a typed login, a file name): the log must not be a sink. */
const MAX_TEXT = 200;
export const clipAuditText = (value: string | null | undefined) =>
  value === null || value === undefined ? null : value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;

/**
 * Records one event (the recorder of platform/audit.ts, which app.ts hands to identity/). Awaited by the caller,
 * in the request: if the record cannot be written, the action fails rather than happening unrecorded.
 */
export async function recordAudit(deps: AuditDeps, event: AuditEvent): Promise<void> {
  const row = {
    occurredAt: deps.clock.now(),
    agentId: event.agentId,
    staffId: event.staffId ?? null,
    ip: clipAuditText(event.ip),
    action: event.action,
    subject: clipAuditText(event.subject),
    detail: event.detail ?? null,
  };
  await insertAuditRow(deps.db, row);
}

export type { AuditFilter, AuditRecord };
/** for a statement that records its own audit row (docs/decisions/prospects.md) */
export { auditInsertWithin } from './queries.ts';

const positionOf = (row: AuditRecord): AuditPosition => ({ occurredAt: row.occurredAt, id: row.id });

/**
 * Every record matching the filter, read in short keyset pages: oldest first for the export command, newest
 * first for the back office's export.
 */
export function auditRecords(
  db: Db,
  filter: AuditFilter,
  order: 'newest' | 'oldest' = 'oldest',
): AsyncGenerator<AuditRecord> {
  return keysetRows({
    page: (after: AuditPosition | undefined, limit) => selectAuditPage(db, filter, { order, after, limit }),
    key: positionOf,
    pageSize: 1000,
  });
}

/** A page's cursor as the contract spells it: the last row's time (epoch ms) and id. */
const encodeCursor = (row: AuditRecord) => `${row.occurredAt.getTime()}-${row.id}`;
function decodeCursor(cursor: string): AuditPosition {
  const [ms, id] = cursor.split('-').map(Number) as [number, number];
  return { occurredAt: new Date(ms), id };
}

/** One page of the back office's table, newest first, and the next page's cursor (null on the last page). */
export async function findAuditPage(
  db: Db,
  filter: AuditFilter,
  options: { cursor?: string | undefined; pageSize: number },
): Promise<{ rows: AuditRecord[]; nextCursor: string | null }> {
  // one row more than the page says whether there is a next one
  const rows = await selectAuditPage(db, filter, {
    order: 'newest',
    after: options.cursor ? decodeCursor(options.cursor) : undefined,
    limit: options.pageSize + 1,
  });
  const page = rows.slice(0, options.pageSize);
  return { rows: page, nextCursor: rows.length > options.pageSize ? encodeCursor(page[page.length - 1]!) : null };
}

const MAX_SUMMARY = 300;
const summaryValue = (value: unknown) =>
  value === null || typeof value !== 'object' ? String(value) : JSON.stringify(value);

/** A record's detail for a table cell: `key: value; …`, nested values as JSON, shortened to 300 characters. */
export function summariseDetail(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  const text =
    typeof detail === 'object' && !Array.isArray(detail)
      ? Object.entries(detail)
          .map(([key, value]) => `${key}: ${summaryValue(value)}`)
          .join('; ')
      : summaryValue(detail);
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY)}…` : text;
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
