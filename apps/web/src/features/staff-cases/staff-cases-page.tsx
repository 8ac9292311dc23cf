import * as contract from '@arc/contract';
import { Anchor, Badge, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { CASE_STATUS_COLORS, formatCaseTime, staffCaseListQuery, type CaseSearch } from '../../api/staff-cases.ts';
import { ServerTable, type ServerTableColumn } from '../../ui/server-table.tsx';
import { useSearchBox } from '../../ui/use-search-box.ts';

const DEFAULT_SORT: contract.CaseSort = '-created';

const COLUMNS: readonly ServerTableColumn<contract.StaffCaseRow>[] = [
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

/** The search as the URL holds it (?q=&status=&assignee=&sort=&page=), so Back from a case and a reload keep it. */
function readSearch(params: URLSearchParams): CaseSearch {
  const status = contract.CaseStatusSchema.safeParse(params.get('status'));
  const sort = contract.CaseSortSchema.safeParse(params.get('sort'));
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: status.success ? status.data : undefined,
    assignee: params.get('assignee') || undefined,
    sort: sort.success ? sort.data : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `/staff/cases`: the member-support cases agents filed, filtered by status and assignee, searched, sorted, paged. */
export default function StaffCasesPage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const list = useQuery(staffCaseListQuery(search));

  const change = (next: Partial<CaseSearch>, options: { replace?: boolean } = {}) =>
    setParams(
      (current) => {
        const merged = { ...readSearch(current), page: 1, ...next };
        const out = new URLSearchParams();
        if (merged.q) out.set('q', merged.q);
        if (merged.status) out.set('status', merged.status);
        if (merged.assignee) out.set('assignee', merged.assignee);
        if (merged.sort !== DEFAULT_SORT) out.set('sort', merged.sort);
        if (merged.page > 1) out.set('page', String(merged.page));
        return out;
      },
      { replace: options.replace ?? false },
    );

  const searchBox = useSearchBox(search.q, (q) => change({ q }, { replace: true }));

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
          {...searchBox}
        />
        <NativeSelect
          label="Status"
          w={{ base: '100%', xs: 170 }}
          data={[{ value: '', label: 'Any status' }, ...contract.CASE_STATUSES]}
          value={search.status ?? ''}
          onChange={(event) => {
            const status = contract.CaseStatusSchema.safeParse(event.currentTarget.value);
            change({ status: status.success ? status.data : undefined });
          }}
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
          value={search.assignee ?? ''}
          onChange={(event) => change({ assignee: event.currentTarget.value || undefined })}
        />
      </Group>
      <ServerTable
        caption="Member-support cases"
        hideCaption
        columns={COLUMNS}
        rows={list.data?.rows}
        getRowId={(row) => row.id}
        total={list.data?.total ?? 0}
        page={search.page}
        pageSize={list.data?.pageSize ?? contract.STAFF_CASES_PAGE_SIZE}
        onPageChange={(page) => change({ page })}
        sort={search.sort}
        onSortChange={(sort) => change({ sort: sort as contract.CaseSort })}
        isLoading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyMessage="No case matches these filters."
        minWidth={960}
      />
    </Stack>
  );
}
