// eslint-disable-next-line no-restricted-imports -- the agent's profile and the staff card are key/value details (a label and its value per row), not lists
import { Alert, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { areasFor, ROLE_LABELS } from '../../staff/staff-areas.ts';
import { WorkDashboard } from './work-dashboard.tsx';

/** `/staff`: the work dashboard (issue 47), then who is signed in, with which role, and what that role may open. */
export default function StaffHome() {
  const me = useQuery(currentStaffQuery());
  if (me.isError) return <Alert color="red">{errorMessage(me.error)}</Alert>;
  if (!me.data) return <Loader aria-label="Loading" />;
  const { email, role } = me.data;
  return (
    <Stack maw={1100}>
      <Title order={1}>Back office</Title>
      <WorkDashboard />
      <Paper withBorder p="md" maw={720}>
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>Signed in as</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              <Table.Td>{ROLE_LABELS[role]}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Areas</Table.Th>
              <Table.Td>
                {areasFor(role)
                  .map((area) => area.label)
                  .join(', ')}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Text size="sm" c="dimmed">
        Your session ends after 30 minutes without activity.
      </Text>
    </Stack>
  );
}
