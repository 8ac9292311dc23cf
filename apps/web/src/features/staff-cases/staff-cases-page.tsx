import * as contract from '@arc/contract';
import { Alert, Anchor, Badge, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { assigneeChoices, STAFF_WORK_KEY } from '../../api/staff-assignees.ts';
import {
  assignStaffCases,
  CASE_STATUS_COLORS,
  formatCaseTime,
  staffCaseListQuery,
  staffCasesKey,
} from '../../api/staff-cases.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { AssignControl } from '../../ui/assign-control.tsx';
import { selectionColumn } from '../../ui/data-table-selection.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';
import { formatAge, formatSlaHours } from '../../ui/work-age.ts';

/** An Open case (no reply yet) older than the SLA: past it (the work dashboard's setting, the list's `slaHours`). */
export const isPastSla = (row: contract.StaffCaseRow, slaHours: number, now: number) =>
  row.status === 'Open' && now - row.createdAt.getTime() > slaHours * 3_600_000;

/** The columns; the age and the SLA flag are measured from `now`, the moment the page drew the list. */
function caseColumns(slaHours: number, now: number): DataTableColumn<contract.StaffCaseRow>[] {
  return [
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
      cell: (row) => (
        <>
          {row.agent.firstName} {row.agent.lastName}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
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
    {
      id: 'age',
      header: 'Age',
      noWrap: true,
      cell: (row) => (
        <>
          {formatAge(row.createdAt, now)}
          {isPastSla(row, slaHours, now) && (
            <Text size="xs" fw={700} c="red.9">
              Past SLA
            </Text>
          )}
        </>
      ),
    },
    { id: 'assignee', header: 'Assigned to', cell: (row) => row.assignee?.name ?? 'Unassigned' },
    { id: 'created', header: 'Filed', sortKey: 'created', cell: (row) => formatCaseTime(row.createdAt) },
    { id: 'updated', header: 'Last activity', sortKey: 'updated', cell: (row) => formatCaseTime(row.updatedAt) },
  ];
}

/** A filter's choices, with the URL's value kept while the list that names it has not answered. */
const withCurrent = (label: string, values: readonly string[], current: string | undefined) => [
  { value: '', label },
  ...values,
  ...(current && !values.includes(current) ? [current] : []),
];

/**
 * `/staff/cases`: the member-support cases agents filed, filtered by status, request type, carrier and assignee,
 * searched, sorted, paged; each case's age against the work dashboard's SLA; a selection assigned to a member.
 */
export default function StaffCasesPage() {
  const queue = useQueueState(contract.ListStaffCasesQuerySchema);
  const { q = '', status, assignee, requestType, carrier, sort, page } = queue.query;
  const search = { q, status, assignee, requestType, carrier, sort, page };
  const list = useQuery(staffCaseListQuery(search));
  const me = useQuery(currentStaffQuery());
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  const rows = list.data?.rows ?? [];
  const selection = rows.filter((row) => queue.selected.has(row.id));
  const assign = useSubmit({
    mutationFn: (assigneeId: string | null) =>
      assignStaffCases({ cases: selection.map(({ id, version }) => ({ id, version })), assigneeId }),
    onSuccess: async (result) => {
      const name = result.cases[0]?.assignee?.name;
      const count = result.cases.length;
      setMessage({
        text: `${count} ${count === 1 ? 'case' : 'cases'} ${name ? `assigned to ${name}` : 'unassigned'}.`,
        isError: false,
      });
      queue.setSelected([]);
      await queryClient.invalidateQueries({ queryKey: staffCasesKey });
      await queryClient.invalidateQueries({ queryKey: STAFF_WORK_KEY });
    },
    onError: (err) => setMessage({ text: errorMessage(err), isError: true }),
  });

  const slaHours = list.data?.slaHours;
  // the ages are measured when the list answered, so the Age column and the SLA flag agree
  const answeredAt = list.dataUpdatedAt || Date.now();
  const assignees = list.data?.assignees ?? [];
  const filterProps = (key: 'status' | 'requestType' | 'carrier' | 'assignee') => ({
    value: queue.filter(key),
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => queue.setFilter(key, event.currentTarget.value),
  });
  const assigneeData = assigneeChoices(assignees, me.data?.id);

  return (
    <Stack maw={1400}>
      <Title order={1}>Member-support cases</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput
          type="search"
          label="Search"
          placeholder="Agent, NPN, member or case reference"
          {...queue.searchBox}
        />
        <NativeSelect
          label="Status"
          data={[{ value: '', label: 'Any status' }, ...contract.CASE_STATUSES]}
          {...filterProps('status')}
        />
        <NativeSelect
          label="Request type"
          data={[{ value: '', label: 'Any request type' }, ...contract.CASE_REQUEST_TYPES]}
          {...filterProps('requestType')}
        />
        <NativeSelect
          label="Carrier"
          data={withCurrent('Any carrier', list.data?.carriers ?? [], carrier)}
          {...filterProps('carrier')}
        />
        <NativeSelect
          label="Assignee"
          data={[
            ...assigneeData,
            // a colleague from the URL before the list has answered
            ...(assignee && !assigneeData.some((c) => c.value === assignee)
              ? [{ value: assignee, label: 'Loading…' }]
              : []),
          ]}
          {...filterProps('assignee')}
        />
      </SimpleGrid>

      {list.data && (
        <AssignControl
          assignees={list.data.assignees}
          meId={me.data?.id}
          selectedCount={selection.length}
          isPending={assign.isPending}
          onAssign={(assigneeId) => {
            setMessage(null);
            assign.mutate(assigneeId);
          }}
        />
      )}
      {message && (
        <Alert
          color={message.isError ? 'red' : 'green'}
          role={message.isError ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}
      {slaHours !== undefined && (
        <Text size="sm" c="dimmed">
          SLA {formatSlaHours(slaHours)}: an Open case older than this is marked “Past SLA”.
        </Text>
      )}

      <DataTable
        caption="Member-support cases"
        hideCaption
        columns={[
          selectionColumn({
            rows,
            getRowId: (row) => row.id,
            selected: queue.selected,
            onChange: queue.setSelected,
            rowLabel: (row) => `Select case ${row.requestType}${row.memberName ? ` for ${row.memberName}` : ''}`,
            allLabel: 'Select every case on this page',
          }),
          ...caseColumns(slaHours ?? Number.POSITIVE_INFINITY, answeredAt),
        ]}
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
