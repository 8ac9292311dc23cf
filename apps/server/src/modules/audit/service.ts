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
  value === null || value === undefined ? '—' : typeof value !== 'object' ? String(value) : JSON.stringify(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** `memberSupportTier` → `Member support tier` */
const fieldLabel = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A change as a person reads it: `Tier: Standard → Unlimited; State: WI → MN` for two records (the fields that
 * differ), `Open → In progress` for two values.
 */
function changeSummary(before: unknown, after: unknown): string {
  if (isRecord(before) && isRecord(after)) {
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${fieldLabel(key)}: ${summaryValue(before[key])} → ${summaryValue(after[key])}`);
    return changed.length > 0 ? changed.join('; ') : 'No change';
  }
  return `${summaryValue(before)} → ${summaryValue(after)}`;
}

/**
 * A record's detail for a table cell: a change (`before`/`after` or `from`/`to`) as "Field: old → new", other fields
 * as `Field: value`, nested values as JSON; shortened to 300 characters.
 */
export function summariseDetail(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  let text: string;
  if (isRecord(detail)) {
    const pair =
      'before' in detail && 'after' in detail
        ? ['before', 'after']
        : 'from' in detail && 'to' in detail
          ? ['from', 'to']
          : null;
    const parts = pair ? [changeSummary(detail[pair[0]!], detail[pair[1]!])] : [];
    for (const [key, value] of Object.entries(detail)) {
      if (!pair?.includes(key)) parts.push(`${fieldLabel(key)}: ${summaryValue(value)}`);
    }
    text = parts.join('; ');
  } else {
    text = summaryValue(detail);
  }
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
