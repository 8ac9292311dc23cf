import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';

export interface AssignControlProps {
  /** the members who may be assigned this queue's work */
  assignees: readonly { id: string; name: string }[];
  /** the signed-in member (offered first, as "Me") */
  meId: string | undefined;
  selectedCount: number;
  isPending?: boolean;
  /** a member's id, or null to unassign */
  onAssign: (assigneeId: string | null) => void;
}

const NOBODY = '-';

/**
 * The queues' Assign control (issue 47): whom to assign the selected rows to (me, a colleague, or nobody) and the
 * button that does it, disabled until a row is selected.
 */
export function AssignControl({ assignees, meId, selectedCount, isPending, onAssign }: AssignControlProps) {
  const [target, setTarget] = useState(meId ?? '');
  const choices = [
    ...(meId && assignees.some((a) => a.id === meId) ? [{ value: meId, label: 'Me' }] : []),
    ...assignees.filter((a) => a.id !== meId).map((a) => ({ value: a.id, label: a.name })),
    { value: NOBODY, label: 'Nobody (unassign)' },
  ];
  const chosen = choices.some((c) => c.value === target) ? target : (choices[0]?.value ?? NOBODY);
  return (
    <Group gap="xs" align="end" wrap="wrap">
      <NativeSelect
        label="Assign to"
        data={choices}
        value={chosen}
        onChange={(event) => setTarget(event.currentTarget.value)}
      />
      <Button
        variant="default"
        disabled={selectedCount === 0}
        loading={isPending}
        onClick={() => onAssign(chosen === NOBODY ? null : chosen)}
      >
        {selectedCount === 0 ? 'Assign' : `Assign ${selectedCount}`}
      </Button>
      {selectedCount === 0 && (
        <Text size="xs" c="dimmed">
          Select rows to assign them.
        </Text>
      )}
    </Group>
  );
}
