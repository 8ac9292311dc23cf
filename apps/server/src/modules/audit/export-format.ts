import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { csvWriter } from '../../platform/csv.ts';
import { writeXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import type { AuditRecord } from './service.ts';

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'occurred_at',
  'agent_id',
  'agent_npn',
  'agent_name',
  'staff_email',
  'ip',
  'action',
  'subject',
  'detail',
] as const;

export const AUDIT_SHEET_NAME = 'Audit log';

const agentName = (r: AuditRecord) => [r.agentFirstName, r.agentLastName].filter(Boolean).join(' ');

const cells = (r: AuditRecord): string[] => [
  String(r.id),
  r.occurredAt.toISOString(),
  r.agentId ?? '',
  r.agentNpn ?? '',
  agentName(r),
  r.staffEmail ?? '',
  r.ip ?? '',
  r.action,
  r.subject ?? '',
  r.detail === null || r.detail === undefined ? '' : JSON.stringify(r.detail),
];

/** Streams the records as CSV (platform/csv.ts), waiting whenever the output is behind; answers their number. */
export async function writeAuditCsv(records: AsyncIterable<AuditRecord>, out: Writable): Promise<number> {
  let count = 0;
  const csv = csvWriter({ header: AUDIT_EXPORT_COLUMNS });
  // the caller ends `out` (it may be the process's standard output)
  csv.pipe(out, { end: false });
  for await (const record of records) {
    if (!csv.write(cells(record))) await once(csv, 'drain');
    count += 1;
  }
  csv.end();
  await finished(csv);
  return count;
}

/** The workbook's columns (the same as the CSV's), for `writeXlsx` and the back office's `sendXlsx`. */
export const AUDIT_XLSX_COLUMNS: readonly XlsxColumn<AuditRecord>[] = AUDIT_EXPORT_COLUMNS.map((header, index) => ({
  header,
  value: (record: AuditRecord) => cells(record)[index],
  width: header === 'detail' ? 60 : header === 'occurred_at' || header === 'staff_email' ? 26 : 18,
}));

/** Streams the records as an .xlsx workbook (platform/xlsx.ts: flat memory, text cells guarded). */
export async function writeAuditXlsx(records: AsyncIterable<AuditRecord>, out: Writable): Promise<number> {
  return writeXlsx(out, { sheetName: AUDIT_SHEET_NAME, columns: AUDIT_XLSX_COLUMNS, rows: records });
}
