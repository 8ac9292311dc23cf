import * as contract from '@arc/contract';
import { STAFF_WORK_KEY } from './staff-assignees.ts';
import { staffFetch } from './staff-client.ts';

/** The work dashboard (issue 47); each queue's Assign invalidates it (STAFF_WORK_KEY). */
export const workDashboardQuery = () => ({
  queryKey: [...STAFF_WORK_KEY, 'dashboard'],
  queryFn: () => staffFetch(contract.getWorkDashboard),
});
