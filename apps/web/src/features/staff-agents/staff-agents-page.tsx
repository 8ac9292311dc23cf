import * as contract from '@arc/contract';
import { Anchor, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { canChangeAgents, formatDateTime, staffAgentListQuery } from '../../api/staff-agents.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { STAFF_PAGES } from '../../staff/staff-paths.ts';
import { AgentStatusBadge } from '../../ui/agent-status-badge.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';

const COLUMNS: readonly DataTableColumn<contract.StaffAgentRow>[] = [
  {
    id: 'npn',
    header: 'NPN',
    sortKey: 'npn',
    noWrap: true,
    cell: (row) => (
      <Anchor component={Link} to={STAFF_PAGES.agent(row.npn)}>
        {row.npn}
      </Anchor>
    ),
  },
  { id: 'name', header: 'Name', sortKey: 'name', cell: (row) => `${row.firstName} ${row.lastName}` },
  { id: 'email', header: 'E-mail', sortKey: 'email', cell: (row) => row.email },
  { id: 'state', header: 'State', sortKey: 'state', cell: (row) => row.state ?? '—' },
  { id: 'tier', header: 'Tier', sortKey: 'tier', cell: (row) => row.tier ?? '—' },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    cell: (row) => <AgentStatusBadge status={row.status} />,
  },
  { id: 'registered', header: 'Registered', cell: (row) => (row.registered ? 'Yes' : 'No') },
  { id: 'locked', header: 'Locked', cell: (row) => (row.lockedUntil ? 'Yes' : 'No') },
  { id: 'lastSignIn', header: 'Last sign-in', noWrap: true, cell: (row) => formatDateTime(row.lastSignInAt) },
];

/** `/staff/agents`: search, filter, sort and page through the agents; Add agent for those who may change them. */
export default function StaffAgentsPage() {
  const queue = useQueueState(contract.ListStaffAgentsQuerySchema);
  const { q = '', status, sort, page } = queue.query;
  const search = { q, status, sort, page };
  const agents = useQuery(staffAgentListQuery(search));
  const me = useQuery(currentStaffQuery());

  const filtered = search.q ? `“${search.q}”` : 'these filters';
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Agents</Title>
        {me.data && canChangeAgents(me.data.role) && (
          <Button component={Link} to={STAFF_PAGES.newAgent}>
            Add agent
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="search"
          label="Search"
          description="NPN, name or e-mail"
          w={{ base: '100%', xs: 320 }}
          {...queue.searchBox}
        />
        <NativeSelect
          label="Status"
          w={{ base: '100%', xs: 160 }}
          data={[
            { value: '', label: 'Any status' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={queue.filter('status')}
          onChange={(event) => queue.setFilter('status', event.currentTarget.value)}
        />
      </Group>
      <DataTable
        caption="Agents"
        hideCaption
        columns={COLUMNS}
        data={agents.data?.rows}
        getRowId={(row) => row.npn}
        server={{
          total: agents.data?.total ?? 0,
          totalCapped: agents.data?.totalCapped ?? false,
          page: search.page,
          pageSize: agents.data?.pageSize ?? contract.AGENTS_PAGE_SIZE,
          onPageChange: queue.setPage,
          sort: queue.columnSort,
          onSortChange: queue.setColumnSort,
        }}
        isLoading={agents.isFetching}
        error={agents.isError ? errorMessage(agents.error) : null}
        onRetry={() => void agents.refetch()}
        emptyMessage={`No agent matches ${filtered}.`}
        minWidth={1000}
      />
    </Stack>
  );
}
