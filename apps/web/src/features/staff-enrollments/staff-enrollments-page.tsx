import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  TableScrollContainer,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { assigneeChoices } from '../../api/staff-assignees.ts';
import { staffFetch } from '../../api/staff-client.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { DataTablePager } from '../../ui/data-table-pager.tsx';
import { ageOf, clientName, enrollmentTitle, StaffEnrollmentPanel } from './staff-enrollment-panel.tsx';

type Filters = Omit<contract.ListStaffEnrollmentsQuery, 'page'>;

const SORTS: { value: contract.EnrollmentSort; label: string }[] = [
  { value: '-receivedAt', label: 'Newest first' },
  { value: 'receivedAt', label: 'Oldest first' },
  { value: 'agent', label: 'Agent' },
  { value: 'client', label: 'Client' },
  { value: 'carrier', label: 'Carrier' },
  { value: 'status', label: 'Status' },
];

const enrollmentsQuery = (filters: Filters, page: number) => ({
  queryKey: ['staff', 'enrollments', 'list', filters, page],
  queryFn: () => staffFetch(contract.listStaffEnrollments, { query: { ...filters, page } }),
  placeholderData: keepPreviousData,
});

/** The Assign control, for admin and operations only: loaded when it shows (the page's bundle budget). */
const EnrollmentAssignBar = lazy(() => import('./enrollment-assign-bar.tsx'));

const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...contract.ENROLLMENT_STATUSES.map((s) => ({ value: s, label: contract.ENROLLMENT_STATUS_LABELS[s] })),
];
const MODE_CHOICES = [
  { value: '', label: 'New and pended' },
  ...(['newapp', 'problem'] as const).map((m) => ({ value: m, label: contract.ENROLLMENT_MODE_LABELS[m] })),
];
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * `/staff/enrollments`: every agent's enrollment uploads, oldest waiting first or newest, filtered, searched and
 * paged; a row opens beside the queue with its PDF, actions and log (issue 32, docs/decisions/enrollments.md).
 */
export default function StaffEnrollmentsPage() {
  const me = useQuery(currentStaffQuery());
  const canAssign = me.data?.role === 'admin' || me.data?.role === 'operations';
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  // the dashboard's "my work" opens the queue filtered (?assignee=mine)
  const [filters, setFilters] = useState<Omit<Filters, 'q'>>(() => ({
    sort: '-receivedAt',
    assignee: params.get('assignee') || undefined,
  }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery(enrollmentsQuery({ ...filters, ...(q ? { q } : {}) }, page));

  const setFilter = (key: keyof Filters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value || undefined }));
    setPage(1);
  };
  const rows = list.data?.rows ?? [];
  const openRow = rows.find((row) => row.id === openId);
  // support works the enrollments assigned to them (docs/decisions/back-office.md)
  const canAct =
    canAssign || (me.data?.role === 'support' && openRow !== undefined && openRow.assignee?.id === me.data.id);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const isLoadingFilters = list.isPlaceholderData;
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const total = list.data
    ? `${list.data.total.toLocaleString('en-US')}${list.data.totalCapped ? '+' : ''} ${list.data.total === 1 && !list.data.totalCapped ? 'enrollment' : 'enrollments'}`
    : '';

  return (
    <Stack maw={1400}>
      <Title order={1}>Enrollments</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Search"
          placeholder="Agent, NPN or client's last name"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label="Status"
          data={STATUS_CHOICES}
          value={filters.status ?? ''}
          onChange={(event) => setFilter('status', event.currentTarget.value)}
        />
        <NativeSelect
          label="Carrier"
          data={[{ value: '', label: 'All carriers' }, ...(list.data?.carriers ?? [])]}
          value={filters.carrier ?? ''}
          onChange={(event) => setFilter('carrier', event.currentTarget.value)}
        />
        <NativeSelect
          label="Type"
          data={MODE_CHOICES}
          value={filters.mode ?? ''}
          onChange={(event) => setFilter('mode', event.currentTarget.value)}
        />
        <TextInput
          label="Uploaded from"
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => setFilter('from', event.currentTarget.value)}
        />
        <TextInput
          label="Uploaded to"
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => setFilter('to', event.currentTarget.value)}
        />
        <NativeSelect
          label="Assignee"
          data={assigneeChoices(list.data?.assignees ?? [], me.data?.id)}
          value={filters.assignee ?? ''}
          onChange={(event) => setFilter('assignee', event.currentTarget.value)}
        />
        <NativeSelect
          label="Sort"
          data={SORTS}
          value={filters.sort ?? '-receivedAt'}
          onChange={(event) => setFilter('sort', event.currentTarget.value)}
        />
      </SimpleGrid>

      {canAssign && list.data && (
        <Suspense>
          <EnrollmentAssignBar
            assignees={list.data.assignees}
            meId={me.data?.id}
            selection={rows.filter((row) => selected.has(row.id))}
            onAssigned={() => setSelected(new Set())}
          />
        </Suspense>
      )}
      {list.isError && (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.isPending && <Loader aria-label="Loading the enrollments" />}
      {list.data && rows.length === 0 && <Text c="dimmed">No enrollments match these filters.</Text>}
      {rows.length > 0 && (
        <TableScrollContainer minWidth={1100}>
          <Table
            striped
            highlightOnHover
            aria-label="Enrollments"
            fz="sm"
            aria-busy={isLoadingFilters || undefined}
            style={{ opacity: isLoadingFilters ? 0.6 : undefined }}
          >
            <Table.Thead>
              <Table.Tr>
                {canAssign && (
                  <Table.Th>
                    <VisuallyHidden>Select</VisuallyHidden>
                  </Table.Th>
                )}
                <Table.Th>Status</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>Age</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th>Carrier</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Assigned to</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Open</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {canAssign && (
                    <Table.Td>
                      {/* a plain checkbox: Mantine's took the page over its bundle budget */}
                      <input
                        type="checkbox"
                        aria-label={`Select ${enrollmentTitle(row)}`}
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row.id)}
                        style={{ width: 18, height: 18 }}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {contract.ENROLLMENT_STATUS_LABELS[row.status]}
                    </Text>
                    {row.reason && (
                      <Text size="xs" c="dimmed" lineClamp={2} maw={220}>
                        {row.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime.format(row.receivedAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{ageOf(row.receivedAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.agent.firstName} {row.agent.lastName}
                    <Text size="xs" c="dimmed">
                      NPN {row.agent.npn}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {clientName(row)}
                    {row.client.state && (
                      <Text size="xs" c="dimmed">
                        {row.client.state}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.carrier ?? '—'}
                    {row.product && (
                      <Text size="xs" c="dimmed">
                        {row.product}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
                    {row.fileName ?? '—'}
                    <Text size="xs" c="dimmed">
                      {contract.ENROLLMENT_MODE_LABELS[row.mode]}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.assignee?.name ?? 'Unassigned'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={isLoadingFilters}
                      aria-label={`Open ${enrollmentTitle(row)}`}
                      onClick={() => setOpenId(row.id)}
                    >
                      Open
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollContainer>
      )}
      {list.data && list.data.total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {total}
          </Text>
          <DataTablePager pageIndex={page - 1} pageCount={pageCount} onPageChange={(index) => setPage(index + 1)} />
        </Group>
      )}
      <StaffEnrollmentPanel id={openId} canAct={canAct} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
