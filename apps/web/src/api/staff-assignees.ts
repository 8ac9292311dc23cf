import { ASSIGNEE_MINE, ASSIGNEE_NONE, type WorkAssignee } from '@arc/contract';

/** What an assignment changes besides its queue: the work dashboard's numbers (api/staff-work.ts's key). */
export const STAFF_WORK_KEY = ['staff', 'work'] as const;

/** The assignee filter's choices: Mine, Unassigned, then each colleague who works the queue (issue 47). */
export function assigneeChoices(assignees: readonly WorkAssignee[], meId: string | undefined) {
  return [
    { value: '', label: 'Anyone' },
    { value: ASSIGNEE_MINE, label: 'Mine' },
    { value: ASSIGNEE_NONE, label: 'Unassigned' },
    ...assignees.filter((a) => a.id !== meId).map((a) => ({ value: a.id, label: a.name })),
  ];
}
