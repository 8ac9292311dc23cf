import { IMPORT_REPORT_LINES, rejectedLineContent, type ImportReport } from '@arc/contract';
import type { Db } from '../db/client.ts';
import type { AuditAction, RecordAudit } from './audit.ts';
import type { Clock } from './clock.ts';
import { CsvFileError, readCsvLines } from './csv.ts';

/**
 * The back office's import framework (docs/decisions/imports-and-jobs.md): every kind (the roster, contracts,
 * certifications, Ready to Sell) reads its file here — line by line as it streams in, with the rejected lines' numbers
 * and reasons, the SHA-256 of its bytes — and answers the same report. A kind supplies its columns, how one line is
 * checked, how the file's lines compare with what is on file, and how the new and changed lines are written. A dry run,
 * or a file with a rejected line, writes nothing; otherwise every write and the audit event are one transaction.
 */

export { CsvFileError };

/** The fields a line changes, by column: before (null on a new record) and after. */
export type ImportChanges = Record<string, { before: string | null; after: string | null }>;

/** A checked line of the file: its number, its key (unique in the file) and its row. */
export interface ImportLineOf<Row> {
  line: number;
  key: string;
  row: Row;
}

/** What comparing one line with what is on file found. `changes` is computed only for the lines the report lists. */
export type ImportOutcome =
  | { outcome: 'new' | 'changed'; changes: () => ImportChanges }
  | { outcome: 'unchanged' }
  | { outcome: 'rejected'; reason: string };

export interface ImportKindSpec<Row> {
  /** what a line holds, for messages: "The file has no contract line below its header" */
  noun: string;
  /** the columns the header names, in any order and case (other columns are refused, so a typo is not ignored) */
  columns: readonly string[];
  /** the audit event of an applied file (subject: the file's SHA-256; detail: the counts and the source) */
  auditAction: AuditAction;
  /** checks one line, its cells by column: the row, or why not (`column: reason`) */
  parseLine: (cells: Record<string, string>) => { row: Row } | { reason: string };
  /** the line's key: a key twice in one file rejects the later line */
  keyOf: (row: Row) => string;
  /** the key's columns, for that reason: "contract_id" */
  keyColumns: string;
  /** compares the file's good lines (in file order) with what is on file: one outcome per line, in the same order */
  compare: (db: Db, lines: ImportLineOf<Row>[]) => Promise<ImportOutcome[]>;
  /** writes the new and changed lines, in the import's transaction */
  write: (tx: Db, lines: ImportLineOf<Row>[], now: Date) => Promise<void>;
}

export interface ImportDeps {
  db: Db;
  clock: Clock;
  /** the audit log's recorder (modules/audit/service.ts `recordAudit`) */
  recordAudit: RecordAudit;
}

export interface ImportOptions<Row = unknown> {
  dryRun: boolean;
  /** who imports it, for the audit event: a staff member over HTTP, or nobody (the command line, the demo seed) */
  staffId: string | null;
  ip: string | null;
  source: 'upload' | 'command' | 'seed';
  /** more work in the same transaction, after the writes (the roster's deactivations) */
  afterWrite?: (tx: Db, written: ImportLineOf<Row>[], now: Date) => Promise<void>;
  /** more detail for the audit event, read once the file is compared */
  auditDetail?: () => Record<string, unknown>;
}

export interface ImportResult<Row> {
  report: ImportReport;
  /** the lines written (new and changed); empty unless applied */
  written: ImportLineOf<Row>[];
  /** the outcome of each good line, in file order (the roster reads its changed agents from them) */
  lines: ImportLineOf<Row>[];
  outcomes: ImportOutcome[];
}

/**
 * Reads, checks, compares and (unless it is a dry run or a line is rejected) writes one import file. Throws
 * `CsvFileError` for a file that is not of this kind at all (a header without its columns, no line below it).
 */
export async function runImport<Row>(
  deps: ImportDeps,
  kind: ImportKindSpec<Row>,
  input: AsyncIterable<Buffer | string>,
  options: ImportOptions<Row>,
): Promise<ImportResult<Row>> {
  const file = readCsvLines(input);
  const lines: ImportLineOf<Row>[] = [];
  const rejected: { line: number; reason: string; content?: string }[] = [];
  // a line refused as it is read keeps its text for the report and the rejects CSV: the first lines only (the report
  // lists IMPORT_REPORT_LINES), so a file of bad lines is never held whole
  const refuse = (csv: { line: number; text: string }, reason: string) =>
    rejected.push({
      line: csv.line,
      reason,
      ...(rejected.length < IMPORT_REPORT_LINES ? { content: rejectedLineContent(csv.text) } : {}),
    });
  const firstLineOf = new Map<string, number>();
  let header: number[] | undefined;
  let lineCount = 0;

  for await (const csv of file.lines) {
    if (!header) {
      if ('error' in csv) throw new CsvFileError(`The header line cannot be read (${csv.error})`);
      header = readHeader(kind.columns, csv.fields);
      continue;
    }
    lineCount += 1;
    if ('error' in csv) {
      refuse(csv, csv.error);
      continue;
    }
    if (csv.fields.length !== header.length) {
      refuse(csv, `${csv.fields.length} fields, expected ${header.length}`);
      continue;
    }
    const cells: Record<string, string> = {};
    kind.columns.forEach((column, i) => (cells[column] = csv.fields[header![i]!] ?? ''));
    const parsed = kind.parseLine(cells);
    if ('reason' in parsed) {
      refuse(csv, parsed.reason);
      continue;
    }
    const key = kind.keyOf(parsed.row);
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      refuse(csv, `${kind.keyColumns}: ${key} is also on line ${earlier}`);
      continue;
    }
    firstLineOf.set(key, csv.line);
    lines.push({ line: csv.line, key, row: parsed.row });
  }
  if (!header) throw new CsvFileError('The file is empty: the first line names the columns');
  if (lineCount === 0) throw new CsvFileError(`The file has no ${kind.noun} line below its header`);

  const outcomes = await kind.compare(deps.db, lines);
  const report: ImportReport = {
    dryRun: options.dryRun,
    applied: false,
    sha256: file.sha256(),
    counts: { lines: lineCount, new: 0, changed: 0, unchanged: 0, rejected: 0 },
    new: [],
    changed: [],
    rejected: [],
  };
  const toWrite: ImportLineOf<Row>[] = [];
  outcomes.forEach((result, i) => {
    const line = lines[i]!;
    if (result.outcome === 'rejected') rejected.push({ line: line.line, reason: result.reason });
    else if (result.outcome === 'unchanged') report.counts.unchanged += 1;
    else {
      report.counts[result.outcome] += 1;
      const listed = report[result.outcome];
      if (listed.length < IMPORT_REPORT_LINES)
        listed.push({ line: line.line, key: line.key, changes: result.changes() });
      toWrite.push(line);
    }
  });
  report.counts.rejected = rejected.length;
  report.rejected = rejected.sort((a, b) => a.line - b.line).slice(0, IMPORT_REPORT_LINES);

  if (options.dryRun || rejected.length > 0) return { report, written: [], lines, outcomes };

  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await kind.write(tx, toWrite, now);
    await options.afterWrite?.(tx, toWrite, now);
    await deps.recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: null,
        staffId: options.staffId,
        ip: options.ip,
        action: kind.auditAction,
        subject: report.sha256,
        detail: { counts: report.counts, source: options.source, ...options.auditDetail?.() },
      },
    );
  });
  report.applied = true;
  return { report, written: toWrite, lines, outcomes };
}

/** The index of each of the kind's columns on the header line (any order and case; nothing else on it). */
function readHeader(columns: readonly string[], fields: string[]): number[] {
  const names = fields.map((f) => f.trim().toLowerCase());
  const missing = columns.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !columns.includes(n));
  if (missing.length || unknown.length || names.length !== columns.length) {
    throw new CsvFileError(
      `The header line must name the columns ${columns.join(', ')}` +
        (missing.length ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length ? `; unknown: ${unknown.join(', ')}` : ''),
    );
  }
  return columns.map((c) => names.indexOf(c));
}

/** The first issue of a zod result as a line's reason: `column: message`. */
export function lineIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  return `${String(issue.path[0] ?? 'line')}: ${issue.message}`;
}

/** Splits `items` into slices of `size` (batched statements, IN lists). */
export function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * The command line's account of an import, the same for every kind (after the caller's line of counts): the rejected
 * lines the report holds, then what was written and how long it took; exit code 2 when rejected lines kept the file
 * from being applied.
 */
export function printImportOutcome(report: ImportReport, startedAt: number): void {
  const { counts } = report;
  for (const { line, reason } of report.rejected) console.log(`  line ${line}: ${reason}`);
  if (counts.rejected > report.rejected.length) {
    console.log(`  … and ${counts.rejected - report.rejected.length} more rejected line(s)`);
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (report.applied) console.log(`Applied in ${seconds} s.`);
  else if (report.dryRun) console.log(`Dry run: nothing was written (${seconds} s).`);
  else {
    console.error('Nothing was written: the file has rejected lines. Fix them and import the file again.');
    process.exitCode = 2;
  }
}
