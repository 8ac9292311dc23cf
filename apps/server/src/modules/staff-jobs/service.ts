import { STAFF_JOBS_MESSAGES, type StaffJobList, type StaffJobRetry } from '@arc/contract';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';

export interface StaffJobsDeps {
  jobs: Pick<Jobs, 'overview' | 'retry' | 'kinds'>;
}

/** Every declared job kind with its schedule, last run, next run and failures (pg-boss's own tables). */
export async function listJobs(deps: StaffJobsDeps): Promise<StaffJobList> {
  return { kinds: await deps.jobs.overview() };
}

/** A kind's last failed run queued again; a schedule with none failed run at once; else 409. */
export async function retryJob(deps: StaffJobsDeps, name: string): Promise<StaffJobRetry> {
  if (!deps.jobs.kinds().includes(name)) throw new AppError('NOT_FOUND', STAFF_JOBS_MESSAGES.notFound);
  const retried = await deps.jobs.retry(name);
  if (!retried) throw new AppError('CONFLICT', STAFF_JOBS_MESSAGES.nothingToRetry);
  return { outcome: retried.kind, jobId: retried.jobId };
}
