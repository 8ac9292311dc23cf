import * as z from 'zod/mini';
import { boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema, IdSchema } from './common.ts';
import { IMPORT_ROLES } from './staff-roles.ts';

/**
 * The back office's imports as background jobs (docs/data-import.md, docs/decisions/imports-and-jobs.md): the file
 * streams to the file store, a job is queued and one replica runs it (again from the start after a restart, never
 * applied twice), and staff follow its progress and download the report of its rejected lines. `admin` and
 * `operations`.
 */

/** What a job imports: the T65 prospect list, a year's MA landscape, or one of the back office's CSV kinds. */
export const IMPORT_JOB_KINDS = [
  { kind: 't65', label: 'T65 prospect list' },
  { kind: 'landscape', label: 'MA landscape' },
  { kind: 'contracts', label: 'Contracts' },
  { kind: 'certifications', label: 'Certifications' },
  { kind: 'ready-to-sell', label: 'Ready to Sell' },
] as const;
export type ImportJobKind = (typeof IMPORT_JOB_KINDS)[number]['kind'];
const JOB_KIND_NAMES = IMPORT_JOB_KINDS.map((k) => k.kind) as [ImportJobKind, ...ImportJobKind[]];

/**
 * A file at least this large is imported as a job; a smaller one of the CSV kinds may still be uploaded to the
 * synchronous import (the preview screen). The T65 list and the landscape are always jobs.
 */
export const IMPORT_JOB_THRESHOLD_BYTES = 5 * 1024 * 1024;
/** The largest file a job takes (a national T65 list is a few GB). */
export const IMPORT_JOB_MAX_BYTES = 20 * 1024 * 1024 * 1024;
/** The multipart part carrying the file. */
export const IMPORT_JOB_UPLOAD_FIELD = 'file';

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const ImportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KIND_NAMES),
  fileName: z.string(),
  fileSha256: z.string(),
  fileBytes: z.number(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** lines read below the header so far (of the last run) */
  rowsRead: z.int(),
  rowsRejected: z.int(),
  /** bytes of the file read so far, of `fileBytes` */
  bytesRead: z.number(),
  /** whether the report of rejected lines can be downloaded */
  hasReport: z.boolean(),
  startedBy: z.nullable(z.string()),
  createdAt: DateTimeSchema,
  startedAt: z.nullable(DateTimeSchema),
  finishedAt: z.nullable(DateTimeSchema),
  error: z.nullable(z.string()),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobParamsSchema = z.object({ id: IdSchema });

export const StartImportJobParamsSchema = z.object({ kind: z.enum(JOB_KIND_NAMES) });
/** `year`: the landscape's contract year (required for it, ignored otherwise). */
export const StartImportJobQuerySchema = z.object({
  year: z.optional(
    boundedString(4, 'A contract year, 2000 to 2100').check(
      z.regex(/^(20\d\d|2100)$/, 'A contract year, 2000 to 2100'),
    ),
  ),
});

/** Uploads the file (multipart part `file`) and queues its job: 202 with the job. */
export const startImportJob = defineRoute({
  method: 'POST',
  path: '/arc/staff/import-jobs/start/:kind',
  summary: 'Start an import job (multipart: file; landscape: ?year=)',
  tags: ['staff'],
  auth: IMPORT_ROLES,
  params: StartImportJobParamsSchema,
  query: StartImportJobQuerySchema,
  responses: { 202: ImportJobSchema, 400: ErrorResponseSchema, 413: ErrorResponseSchema },
});

/** The newest jobs, newest first. */
export const IMPORT_JOBS_LISTED = 50;

export const listImportJobs = defineRoute({
  method: 'GET',
  path: '/arc/staff/import-jobs',
  summary: 'The newest import jobs',
  tags: ['staff'],
  auth: IMPORT_ROLES,
  responses: { 200: z.object({ jobs: z.array(ImportJobSchema) }) },
});

export const getImportJob = defineRoute({
  method: 'GET',
  path: '/arc/staff/import-jobs/:id',
  summary: 'One import job',
  tags: ['staff'],
  auth: IMPORT_ROLES,
  params: ImportJobParamsSchema,
  responses: { 200: ImportJobSchema, 404: ErrorResponseSchema },
});

/** The rejected lines as CSV (line, reason, content): `<file> rejected lines.csv`. */
export const downloadImportJobReport = defineRoute({
  method: 'GET',
  path: '/arc/staff/import-jobs/:id/report',
  summary: "The CSV of an import job's rejected lines",
  tags: ['staff'],
  auth: IMPORT_ROLES,
  params: ImportJobParamsSchema,
  responses: { 404: ErrorResponseSchema },
});
