import type { StaffEnrollmentRow, WorkAssignee } from '@arc/contract';
import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { STAFF_WORK_KEY } from '../../api/staff-assignees.ts';
import { assignStaffEnrollments } from '../../api/staff-enrollments.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { AssignControl } from '../../ui/assign-control.tsx';

export interface EnrollmentAssignBarProps {
  assignees: readonly WorkAssignee[];
  meId: string | undefined;
  /** the selected rows, at the versions shown */
  selection: readonly StaffEnrollmentRow[];
  onAssigned: () => void;
}

/** Assigns the selected enrollments to me, a colleague or nobody, and says what it did (issue 47). */
export default function EnrollmentAssignBar({ assignees, meId, selection, onAssigned }: EnrollmentAssignBarProps) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const assign = useSubmit({
    mutationFn: (assigneeId: string | null) =>
      assignStaffEnrollments({
        enrollments: selection.map((row) => ({ id: row.id, version: row.version })),
        assigneeId,
      }),
    onSuccess: async (result) => {
      const count = result.enrollments.length;
      const name = result.enrollments[0]?.assignee?.name;
      setDone(`${count} ${count === 1 ? 'enrollment' : 'enrollments'} ${name ? `assigned to ${name}` : 'unassigned'}.`);
      onAssigned();
      await queryClient.invalidateQueries({ queryKey: ['staff', 'enrollments'] });
      await queryClient.invalidateQueries({ queryKey: STAFF_WORK_KEY });
    },
  });
  return (
    <>
      <AssignControl
        assignees={assignees}
        meId={meId}
        selectedCount={selection.length}
        isPending={assign.isPending}
        onAssign={(assigneeId) => assign.mutate(assigneeId)}
      />
      {done && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {assign.isError && (
        <Alert color="red" role="alert">
          {errorMessage(assign.error)}
        </Alert>
      )}
    </>
  );
}
