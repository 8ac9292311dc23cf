import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The back office's job calls as query options (keys start with ['staff', 'jobs']). */
export const staffJobsKey = ['staff', 'jobs'] as const;

export const staffJobsQuery = () => ({
  queryKey: staffJobsKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => staffFetch(contract.listStaffJobs, { signal }),
  // a run started here shows its end without a reload
  refetchInterval: 10_000,
});

export const retryStaffJob = (name: string) => staffFetch(contract.retryStaffJob, { params: { name } });
