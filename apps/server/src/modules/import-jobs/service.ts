import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ImportJob, ImportJobKind } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { csvWriter, CsvFileError } from '../../platform/csv.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import { recordAudit } from '../audit/service.ts';
import { importProspectListFile, ProspectListFileError } from '../prospects/service.ts';
// eslint-disable-next-line arc/area-boundaries -- the job runner serves both sides: it runs the back office's imports as it runs the agents' (docs/decisions/imports-and-jobs.md)
import { applyStaffImport, type StaffImportsDeps } from '../staff-imports/service.ts';
import { importLandscapeFile } from '../supplies/service.ts';
import {
  insertImportJob,
  markDone,
  markFailed,
  markRunning,
  selectImportJob,
  selectImportJobs,
  setCounts,
  updateProgress,
  type ImportJobWithStaff,
} from './queries.ts';

/**
 * Imports as background jobs (docs/decisions/imports-and-jobs.md, docs/data-import.md). Starting one streams the upload
 * to the file store (hashing it on the way) and queues a job; `runImportJob` is the job: whichever replica pg-boss
 * hands it to reads the stored file from the start, reports progress on the job's row, writes the rejected lines to a
 * CSV in the file store, and applies the import with the job's `done` mark in one transaction. A job already done is
 * not applied again; a run cut short (a killed replica) leaves only staging behind, which the next run replaces.
 */

export const IMPORT_JOB_QUEUE = 'import-jobs';

export interface ImportJobsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  /** the staff imports' notifications (StaffImportsDeps); absent where the routes only list and start jobs */
  notify?: StaffImportsDeps['notify'];
  log?: StaffImportsDeps['log'];
}

export interface ImportJobData {
  jobId: string;
}

/** How often a run writes its progress to the job's row. */
const PROGRESS_EVERY_MS = 1000;

export async function startImportJob(
  deps: ImportJobsDeps & { send: (data: ImportJobData) => Promise<unknown> },
  input: {
    kind: ImportJobKind;
    fileName: string;
    file: AsyncIterable<Buffer>;
    year: number | null;
    staffId: string | null;
    ip: string | null;
  },
): Promise<ImportJob> {
  const id = randomUUID();
  const fileKey = `import-jobs/${id}/source.csv`;
  const hash = createHash('sha256');
  async function* hashed() {
    for await (const chunk of input.file) {
      hash.update(chunk);
      yield chunk;
    }
  }
  const { size } = await deps.storage.put(fileKey, Readable.from(hashed()));
  const fileSha256 = hash.digest('hex');
  if (size === 0) {
    await deps.storage.delete(fileKey);
    throw new AppError('BAD_REQUEST', 'The file is empty');
  }
  try {
    await deps.db.transaction(async (tx) => {
      await insertImportJob(tx, {
        id,
        kind: input.kind,
        fileName: input.fileName.slice(0, 255),
        fileKey,
        fileSha256,
        fileBytes: size,
        options: JSON.stringify(input.year ? { year: input.year } : {}),
        startedBy: input.staffId,
        createdAt: deps.clock.now(),
      });
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: null,
          staffId: input.staffId,
          ip: input.ip,
          action: 'import-job.started',
          subject: fileSha256,
          detail: { jobId: id, kind: input.kind, fileName: input.fileName, bytes: size },
        },
      );
    });
    await deps.send({ jobId: id });
  } catch (err) {
    await deps.storage.delete(fileKey).catch(() => undefined);
    throw err;
  }
  return toImportJob((await selectImportJob(deps.db, id))!);
}

export async function listImportJobs(deps: ImportJobsDeps, limit: number): Promise<ImportJob[]> {
  return (await selectImportJobs(deps.db, limit)).map(toImportJob);
}

export async function getImportJob(deps: ImportJobsDeps, id: string): Promise<ImportJob> {
  const row = await selectImportJob(deps.db, id);
  if (!row) throw notFound('No such import job');
  return toImportJob(row);
}

/** The rejected lines' CSV and the name to download it as. */
export async function importJobReport(deps: ImportJobsDeps, id: string): Promise<{ name: string; body: Readable }> {
  const row = await selectImportJob(deps.db, id);
  if (!row?.reportKey) throw notFound('This import job has no report');
  const base = row.fileName.replace(/\.csv$/i, '').replace(/[^\w .-]/g, '_');
  return { name: `${base} rejected lines.csv`, body: await deps.storage.get(row.reportKey) };
}

function toImportJob(row: ImportJobWithStaff): ImportJob {
  return {
    id: row.id,
    kind: row.kind as ImportJobKind,
    fileName: row.fileName,
    fileSha256: row.fileSha256,
    fileBytes: row.fileBytes,
    status: row.status as ImportJob['status'],
    rowsRead: row.rowsRead,
    rowsRejected: row.rowsRejected,
    bytesRead: row.bytesRead,
    hasReport: row.reportKey !== null,
    startedBy: row.startedByEmail,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    error: row.error,
  };
}

/** A run found the job done already: its apply is rolled back. */
class AlreadyApplied extends Error {}

/**
 * The job (pg-boss hands it to one replica). Failures of the file (a bad header, no good line, rejected lines
 * in a kind that applies all or nothing) mark the job failed and end the run; anything else (the database
 * away, the process stopping) throws, and pg-boss runs the job again.
 */
export async function runImportJob(deps: ImportJobsDeps, jobId: string): Promise<void> {
  const job = await selectImportJob(deps.db, jobId);
  if (!job || job.status === 'done') return;
  await markRunning(deps.db, jobId, deps.clock.now());

  const progress = { rowsRead: 0, rowsRejected: 0, bytesRead: 0 };
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const report = (force = false) => {
    const now = performance.now();
    if (!force && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    const snapshot = { ...progress };
    writing = writing.then(() => updateProgress(deps.db, jobId, snapshot)).catch(() => undefined);
  };
  const source = await deps.storage.get(job.fileKey);
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      progress.bytesRead += chunk.length;
      yield chunk;
    }
  }
  const reportKey = `import-jobs/${jobId}/rejected.csv`;
  const finish = { reportKey: null as string | null };
  // in the apply's transaction: no wait on the progress writes there (on the embedded database they wait for it)
  const done = async (tx: Db) => {
    const isFirst = await markDone(tx, jobId, { ...progress, reportKey: finish.reportKey, now: deps.clock.now() });
    if (!isFirst) throw new AlreadyApplied();
  };
  try {
    if (job.kind === 't65') await runT65(deps, job, counted(), progress, report, finish, reportKey, done);
    else if (job.kind === 'landscape') await runLandscape(deps, job, counted(), progress, finish, reportKey, done);
    else await runCsvKind(deps, job, counted(), progress, finish, reportKey, done);
  } catch (err) {
    await writing;
    if (err instanceof AlreadyApplied) return;
    if (err instanceof ProspectListFileError || err instanceof CsvFileError || err instanceof JobFileError) {
      await markFailed(deps.db, jobId, {
        error: err.message,
        ...progress,
        reportKey: finish.reportKey,
        now: deps.clock.now(),
      });
      return;
    }
    throw err;
  } finally {
    source.destroy();
  }
}

class JobFileError extends Error {}

type Progress = { rowsRead: number; rowsRejected: number; bytesRead: number };

async function runT65(
  deps: ImportJobsDeps,
  job: ImportJobWithStaff,
  input: AsyncIterable<Buffer>,
  progress: Progress,
  report: (force?: boolean) => void,
  finish: { reportKey: string | null },
  reportKey: string,
  done: (tx: Db) => Promise<void>,
): Promise<void> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'arc-t65-'));
  const reportFile = path.join(dir, 'rejected.csv');
  try {
    let isReportStored = false;
    const storeReport = async () => {
      if (isReportStored || progress.rowsRejected === 0) return;
      isReportStored = true;
      await deps.storage.put(reportKey, fs.createReadStream(reportFile));
      finish.reportKey = reportKey;
    };
    try {
      const result = await importProspectListFile(deps.db, {
        file: job.fileName,
        input,
        reportFile,
        // a run after a restart drops the work tables of the run that was cut
        suffix: job.id.replace(/-/g, '').slice(0, 8),
        onProgress: (rows, rejected) => {
          progress.rowsRead = rows + rejected;
          progress.rowsRejected = rejected;
          report();
        },
        inSwap: async (tx) => {
          // the report is complete once every line is read, which is before the swap
          await storeReport();
          await done(tx);
          await recordAudit(
            { db: tx, clock: deps.clock },
            {
              agentId: null,
              staffId: job.startedBy,
              ip: null,
              action: 'prospects.imported',
              subject: job.fileSha256,
              detail: {
                jobId: job.id,
                fileName: job.fileName,
                rows: progress.rowsRead,
                rejected: progress.rowsRejected,
              },
            },
          );
        },
      });
      progress.rowsRead = result.rows + result.rejected;
      progress.rowsRejected = result.rejected;
    } catch (err) {
      if (err instanceof ProspectListFileError) {
        // the lines read and rejected so far, for the operator
        progress.rowsRead = err.counts.accepted + err.counts.rejected;
        progress.rowsRejected = err.counts.rejected;
        await storeReport();
      }
      throw err;
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function runLandscape(
  deps: ImportJobsDeps,
  job: ImportJobWithStaff,
  input: AsyncIterable<Buffer>,
  progress: Progress,
  finish: { reportKey: string | null },
  reportKey: string,
  done: (tx: Db) => Promise<void>,
): Promise<void> {
  const { year } = JSON.parse(job.options) as { year?: number };
  if (!year) throw new JobFileError('A landscape import needs its contract year');
  // the lines are checked before the load's transaction begins; the rejected ones are stored by then
  let rejectedLines: { line: number; reason: string; content?: string }[] = [];
  const result = await importLandscapeFile(deps.db, Readable.from(input), {
    year,
    inTransaction: async (tx) => {
      await storeRejected(deps, reportKey, rejectedLines, finish);
      await done(tx);
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: null,
          staffId: job.startedBy,
          ip: null,
          action: 'landscape.imported',
          subject: job.fileSha256,
          detail: { jobId: job.id, year, lines: progress.rowsRead, rejected: progress.rowsRejected },
        },
      );
    },
    onChecked: (read, rejected) => {
      progress.rowsRead = read;
      progress.rowsRejected = rejected.length;
      rejectedLines = rejected;
    },
  });
  if (result.imported === 0) {
    progress.rowsRejected = result.rejected.length;
    await storeRejected(deps, reportKey, result.rejected, finish);
    throw new JobFileError(result.rejected[0]?.reason ?? 'No line of the file could be loaded');
  }
}

async function runCsvKind(
  deps: ImportJobsDeps,
  job: ImportJobWithStaff,
  input: AsyncIterable<Buffer>,
  progress: Progress,
  finish: { reportKey: string | null },
  reportKey: string,
  done: (tx: Db) => Promise<void>,
): Promise<void> {
  if (job.kind !== 'contracts' && job.kind !== 'certifications' && job.kind !== 'ready-to-sell') {
    throw new JobFileError(`Unknown import kind ${job.kind}`);
  }
  const report = await applyStaffImport(deps, job.kind, input, {
    staffId: job.startedBy,
    ip: null,
    source: 'upload',
    afterWrite: done,
  });
  progress.rowsRead = report.counts.lines;
  progress.rowsRejected = report.counts.rejected;
  if (report.applied) await setCounts(deps.db, job.id, progress);
  else {
    await storeRejected(deps, reportKey, report.rejected, finish);
    throw new JobFileError(
      `Nothing was imported: ${report.counts.rejected} line(s) rejected (the framework applies all or none)`,
    );
  }
}

async function storeRejected(
  deps: ImportJobsDeps,
  key: string,
  lines: readonly { line: number; reason: string; content?: string }[],
  finish: { reportKey: string | null },
): Promise<void> {
  if (lines.length === 0) return;
  const csv = csvWriter({ header: ['line', 'reason', 'content'] });
  const stored = deps.storage.put(key, csv);
  // the content: the line as it stands in the file, where it was refused as it was read (a line refused against the
  // data on file is named by its key in the reason)
  for (const { line, reason, content } of lines) csv.write([line, reason, content ?? '']);
  csv.end();
  await stored;
  await finished(csv);
  finish.reportKey = key;
}
