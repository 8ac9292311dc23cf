import type { AgentStatus } from '@arc/contract';
import { Box, Group, Text } from '@mantine/core';

/** A status as the back office shows it: the word, with a coloured dot beside it (the word carries it). */
export function StatusWord({ label, color }: { label: string; color: string }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Box component="span" aria-hidden="true" w={10} h={10} bg={color} style={{ borderRadius: '50%', flex: 'none' }} />
      <Text span inherit>
        {label}
      </Text>
    </Group>
  );
}

/** An agent's status: Active (green) or Inactive (grey). */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return status === 'active' ? (
    <StatusWord label="Active" color="green.7" />
  ) : (
    <StatusWord label="Inactive" color="gray.5" />
  );
}
