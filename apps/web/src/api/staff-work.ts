import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/**
 * Work assigned to people and the work dashboard (issue 47): the dashboard's numbers and the three queues' Assign
 * calls. An assignment changes the queue it was made in and the dashboard, so each invalidates both.
 */
export const staffWorkKey = ['staff', 'work'] as const;

export const workDashboardQuery = () => ({
  queryKey: [...staffWorkKey, 'dashboard'],
  queryFn: () => staffFetch(contract.getWorkDashboard),
});

export const assignStaffOrders = (body: contract.AssignStaffOrders) =>
  staffFetch(contract.assignStaffOrders, { body });

export const assignStaffEnrollments = (body: contract.AssignStaffEnrollments) =>
  staffFetch(contract.assignStaffEnrollments, { body });

export const assignStaffCases = (body: contract.AssignStaffCases) => staffFetch(contract.assignStaffCases, { body });

/** The assignee filter's choices: Mine, Unassigned, then each colleague who works the queue. */
export function assigneeChoices(assignees: readonly contract.WorkAssignee[], meId: string | undefined) {
  return [
    { value: '', label: 'Anyone' },
    { value: contract.ASSIGNEE_MINE, label: 'Mine' },
    { value: contract.ASSIGNEE_NONE, label: 'Unassigned' },
    ...assignees.filter((a) => a.id !== meId).map((a) => ({ value: a.id, label: a.name })),
  ];
}
