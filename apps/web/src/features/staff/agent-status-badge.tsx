import type { AgentStatus } from '@arc/contract';
import { Box, Group, Text } from '@mantine/core';

/** An agent's status as the back office shows it: the word, with a coloured dot beside it (the word carries it). */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Box
        component="span"
        aria-hidden="true"
        w={10}
        h={10}
        bg={status === 'active' ? 'green.7' : 'gray.5'}
        style={{ borderRadius: '50%', flex: 'none' }}
      />
      <Text span inherit>
        {status === 'active' ? 'Active' : 'Inactive'}
      </Text>
    </Group>
  );
}
