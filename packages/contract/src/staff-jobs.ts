import * as z from 'zod/mini';
import { boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema } from './common.ts';
import { MANAGE_JOBS } from './staff-roles.ts';

/**
 * The background and scheduled jobs in the back office (/staff/jobs): each kind's schedule, last run, next run and
 * failures, and a retry. Admin only: a retry re-runs a purge or re-sends e-mails.
 */

/** A job kind's name (`identity-purge`): lower-case words joined by hyphens. */
const JobKindNameSchema = boundedString(100, 'Not a job kind').check(
  z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a job kind'),
);

export const StaffJobKindSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** null: run for the jobs the app adds (an import, a publication's e-mails), not on a schedule */
  schedule: z.nullable(z.object({ description: z.string(), cron: z.string(), timeZone: z.string() })),
  nextRunAt: z.nullable(DateTimeSchema),
  /** the last run that ended, well or not */
  lastRun: z.nullable(z.object({ at: DateTimeSchema, ok: z.boolean() })),
  lastFailure: z.nullable(z.object({ at: DateTimeSchema, message: z.string() })),
  /** failed runs still kept (a week) */
  failures: z.number(),
  queued: z.number(),
  running: z.number(),
});
export type StaffJobKind = z.infer<typeof StaffJobKindSchema>;

export const StaffJobListSchema = z.object({ kinds: z.array(StaffJobKindSchema) });
export type StaffJobList = z.infer<typeof StaffJobListSchema>;

export const StaffJobRetrySchema = z.object({
  /** `retried`: the last failed run queued again; `started`: none failed, the schedule's job sent at once */
  outcome: z.enum(['retried', 'started']),
  jobId: z.string(),
});
export type StaffJobRetry = z.infer<typeof StaffJobRetrySchema>;

export const STAFF_JOBS_MESSAGES = {
  notFound: 'No such job kind.',
  nothingToRetry: 'This job has no failed run to retry, and it runs only when the app adds one.',
} as const;

export const listStaffJobs = defineRoute({
  method: 'GET',
  path: '/arc/staff/jobs',
  summary: 'Every job kind: schedule, last run, next run, failures',
  tags: ['staff'],
  auth: MANAGE_JOBS,
  responses: { 200: StaffJobListSchema },
});

/** Queues the kind's last failed run again; a scheduled kind with none failed runs at once. */
export const retryStaffJob = defineRoute({
  method: 'POST',
  path: '/arc/staff/jobs/:name/retry',
  summary: "Retry a job kind's last failed run (or run a schedule now)",
  tags: ['staff'],
  auth: MANAGE_JOBS,
  params: z.object({ name: JobKindNameSchema }),
  responses: { 200: StaffJobRetrySchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
});
