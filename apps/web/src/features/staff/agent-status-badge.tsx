import type { AgentStatus } from '@arc/contract';
import { Badge } from '@mantine/core';

/** An agent's status as the back office shows it. */
export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'green.9' : 'gray.8'}>
      {status === 'active' ? 'Active' : 'Inactive'}
    </Badge>
  );
}
