import * as contract from '@arc/contract';
import { Anchor, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { canChangeAgents, formatDateTime, staffAgentListQuery, type AgentSearch } from '../../api/staff-agents.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { STAFF_PAGES } from '../../staff/staff-paths.ts';
import { AgentStatusBadge } from '../../ui/agent-status-badge.tsx';
import { ServerTable, type ServerTableColumn } from '../../ui/server-table.tsx';
import { useSearchBox } from '../../ui/use-search-box.ts';

const COLUMNS: readonly ServerTableColumn<contract.StaffAgentRow>[] = [
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

/** The search as the URL holds it (?q=&status=&sort=&page=), so Back and a reload keep it. */
function readSearch(params: URLSearchParams): AgentSearch {
  const status = contract.AgentStatusSchema.safeParse(params.get('status'));
  const sort = contract.AgentSortSchema.safeParse(params.get('sort'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: status.success ? status.data : undefined,
    sort: sort.success ? sort.data : 'name',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `/staff/agents`: search, filter, sort and page through the agents; Add agent for those who may change them. */
export default function StaffAgentsPage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const agents = useQuery(staffAgentListQuery(search));
  const me = useQuery(currentStaffQuery());

  const change = (next: Partial<AgentSearch>, options: { replace?: boolean } = {}) =>
    setParams(
      (current) => {
        const merged = { ...readSearch(current), page: 1, ...next };
        const out = new URLSearchParams();
        if (merged.q) out.set('q', merged.q);
        if (merged.status) out.set('status', merged.status);
        if (merged.sort !== 'name') out.set('sort', merged.sort);
        if (merged.page > 1) out.set('page', String(merged.page));
        return out;
      },
      { replace: options.replace ?? false },
    );

  const searchBox = useSearchBox(search.q, (q) => change({ q }, { replace: true }));

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
          {...searchBox}
        />
        <NativeSelect
          label="Status"
          w={{ base: '100%', xs: 160 }}
          data={[
            { value: '', label: 'Any status' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={search.status ?? ''}
          onChange={(event) => {
            const status = contract.AgentStatusSchema.safeParse(event.currentTarget.value);
            change({ status: status.success ? status.data : undefined });
          }}
        />
      </Group>
      <ServerTable
        caption="Agents"
        hideCaption
        columns={COLUMNS}
        rows={agents.data?.rows}
        getRowId={(row) => row.npn}
        total={agents.data?.total ?? 0}
        totalCapped={agents.data?.totalCapped ?? false}
        page={search.page}
        pageSize={agents.data?.pageSize ?? contract.AGENTS_PAGE_SIZE}
        onPageChange={(page) => change({ page })}
        sort={search.sort}
        onSortChange={(sort) => change({ sort: sort as contract.AgentSort })}
        isLoading={agents.isFetching}
        error={agents.isError ? errorMessage(agents.error) : null}
        onRetry={() => void agents.refetch()}
        emptyMessage={`No agent matches ${filtered}.`}
        minWidth={1000}
      />
    </Stack>
  );
}
