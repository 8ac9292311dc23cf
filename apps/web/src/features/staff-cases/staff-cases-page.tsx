import * as contract from '@arc/contract';
import { Anchor, Badge, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { CASE_STATUS_COLORS, formatCaseTime, staffCaseListQuery } from '../../api/staff-cases.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';

const COLUMNS: readonly DataTableColumn<contract.StaffCaseRow>[] = [
  {
    id: 'case',
    header: 'Case',
    cell: (row) => (
      <>
        <Anchor component={Link} to={contract.staffPaths.case(row.id)} fw={600}>
          {row.requestType}
          {row.memberName ? ` for ${row.memberName}` : ''}
        </Anchor>
        {row.carrier && (
          <Text size="xs" c="dimmed">
            {row.carrier}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'agent',
    header: 'Agent',
    sortKey: 'agent',
    noWrap: true,
    cell: (row) => (
      <>
        {row.agent.firstName} {row.agent.lastName}
        <Text size="xs" c="dimmed">
          NPN {row.agent.npn}
        </Text>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    noWrap: true,
    cell: (row) => (
      <Badge color={CASE_STATUS_COLORS[row.status]} variant="filled">
        {row.status}
      </Badge>
    ),
  },
  { id: 'assignee', header: 'Assignee', cell: (row) => row.assignee?.name ?? 'Unassigned' },
  { id: 'created', header: 'Filed', sortKey: 'created', noWrap: true, cell: (row) => formatCaseTime(row.createdAt) },
  {
    id: 'updated',
    header: 'Last activity',
    sortKey: 'updated',
    noWrap: true,
    cell: (row) => formatCaseTime(row.updatedAt),
  },
];

/** `/staff/cases`: the member-support cases agents filed, filtered by status and assignee, searched, sorted, paged. */
export default function StaffCasesPage() {
  const queue = useQueueState(contract.ListStaffCasesQuerySchema);
  const { q = '', status, assignee, sort, page } = queue.query;
  const search = { q, status, assignee, sort, page };
  const list = useQuery(staffCaseListQuery(search));

  const assignees = list.data?.assignees ?? [];
  return (
    <Stack maw={1400}>
      <Title order={1}>Member-support cases</Title>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="search"
          label="Search"
          description="Agent, NPN, member or case reference"
          w={{ base: '100%', xs: 320 }}
          {...queue.searchBox}
        />
        <NativeSelect
          label="Status"
          w={{ base: '100%', xs: 170 }}
          data={[{ value: '', label: 'Any status' }, ...contract.CASE_STATUSES]}
          value={queue.filter('status')}
          onChange={(event) => queue.setFilter('status', event.currentTarget.value)}
        />
        <NativeSelect
          label="Assignee"
          w={{ base: '100%', xs: 200 }}
          data={[
            { value: '', label: 'Anyone' },
            { value: 'mine', label: 'Mine' },
            { value: 'none', label: 'Unassigned' },
            ...assignees.map((staff) => ({ value: staff.id, label: staff.name })),
            // a colleague from the URL before the list has answered
            ...(search.assignee && !['mine', 'none'].includes(search.assignee) && assignees.length === 0
              ? [{ value: search.assignee, label: 'Loading…' }]
              : []),
          ]}
          value={queue.filter('assignee')}
          onChange={(event) => queue.setFilter('assignee', event.currentTarget.value)}
        />
      </Group>
      <DataTable
        caption="Member-support cases"
        hideCaption
        columns={COLUMNS}
        data={list.data?.rows}
        getRowId={(row) => row.id}
        server={{
          total: list.data?.total ?? 0,
          page: search.page,
          pageSize: list.data?.pageSize ?? contract.STAFF_CASES_PAGE_SIZE,
          onPageChange: queue.setPage,
          sort: queue.columnSort,
          onSortChange: queue.setColumnSort,
        }}
        isLoading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyMessage="No case matches these filters."
        minWidth={960}
      />
    </Stack>
  );
}
