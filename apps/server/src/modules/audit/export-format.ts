import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AuditRecord } from './service.ts';

export const AUDIT_EXPORT_COLUMNS = ['id', 'occurred_at', 'agent_id', 'ip', 'action', 'subject', 'detail'] as const;

const cells = (r: AuditRecord): string[] => [
  String(r.id),
  r.occurredAt.toISOString(),
  r.agentId ?? '',
  r.ip ?? '',
  r.action,
  r.subject ?? '',
  r.detail === null || r.detail === undefined ? '' : JSON.stringify(r.detail),
];

/**
 * One CSV field (RFC 4180). A value a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start: a
 * typed login such as `=HYPERLINK(…)`) gets a leading apostrophe, as OWASP's CSV-injection advice says.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Streams the records as CSV, waiting whenever the output is behind; answers the number of records. */
export async function writeAuditCsv(records: AsyncIterable<AuditRecord>, out: Writable): Promise<number> {
  let count = 0;
  await write(out, `${AUDIT_EXPORT_COLUMNS.join(',')}\r\n`);
  for await (const record of records) {
    await write(out, `${cells(record).map(csvField).join(',')}\r\n`);
    count += 1;
  }
  return count;
}

/** Streams the records as an .xlsx workbook (exceljs' streaming writer, no shared strings: flat memory). */
export async function writeAuditXlsx(records: AsyncIterable<AuditRecord>, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet('Audit log');
  sheet.columns = AUDIT_EXPORT_COLUMNS.map((header) => ({
    key: header,
    header,
    width: header === 'detail' ? 60 : header === 'occurred_at' ? 26 : 18,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const record of records) {
    // cells are strings, never formulas, so a hostile value stays text in Excel
    sheet.addRow(cells(record)).commit();
    count += 1;
    if (count % 200 === 0 && out.writableNeedDrain) await once(out, 'drain');
  }
  await workbook.commit();
  return count;
}
