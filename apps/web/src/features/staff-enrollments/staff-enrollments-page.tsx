import * as contract from '@arc/contract';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import { assigneeChoices } from '../../api/staff-assignees.ts';
import { currentStaffQuery, staffMay } from '../../api/staff-current.ts';
import { staffEnrollmentsQuery } from '../../api/staff-enrollments.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { selectionColumn } from '../../ui/data-table-selection.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload } from '../../ui/download.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';
import { formatViewerInstant } from '../../ui/viewer-time.ts';
import { ageOf, clientName, enrollmentTitle } from './enrollment-row-text.ts';

// the panel (its forms, log and PDF viewer) loads with the first row opened, not with the queue
const StaffEnrollmentPanel = lazy(() =>
  import('./staff-enrollment-panel.tsx').then((m) => ({ default: m.StaffEnrollmentPanel })),
);
/** The Assign control, for admin and operations only: loaded when it shows (the page's bundle budget). */
const EnrollmentAssignBar = lazy(() => import('./enrollment-assign-bar.tsx'));

type Filters = Omit<contract.ListStaffEnrollmentsQuery, 'page'>;

const SORTS: { value: contract.EnrollmentSort; label: string }[] = [
  { value: '-receivedAt', label: 'Newest first' },
  { value: 'receivedAt', label: 'Oldest first' },
  { value: 'agent', label: 'Agent' },
  { value: 'client', label: 'Client' },
  { value: 'carrier', label: 'Carrier' },
  { value: 'status', label: 'Status' },
];

const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...contract.ENROLLMENT_STATUSES.map((s) => ({ value: s, label: contract.ENROLLMENT_STATUS_LABELS[s] })),
];
const MODE_CHOICES = [
  { value: '', label: 'New and pended' },
  ...(['newapp', 'problem'] as const).map((m) => ({ value: m, label: contract.ENROLLMENT_MODE_LABELS[m] })),
];

/** The queue's columns; the last one opens a row's panel (its handler and state come from the page). */
const columns = (
  open: (id: string) => void,
  isWaiting: boolean,
): readonly DataTableColumn<contract.StaffEnrollmentRow>[] => [
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <>
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {contract.ENROLLMENT_STATUS_LABELS[row.status]}
        </Text>
        {row.reason && (
          <Text size="xs" c="dimmed" lineClamp={2} maw={220}>
            {row.reason}
          </Text>
        )}
      </>
    ),
  },
  { id: 'uploaded', header: 'Uploaded', noWrap: true, cell: (row) => formatViewerInstant(row.receivedAt) },
  { id: 'age', header: 'Age', noWrap: true, cell: (row) => ageOf(row.receivedAt) },
  {
    id: 'agent',
    header: 'Agent',
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
    id: 'client',
    header: 'Client',
    cell: (row) => (
      <>
        {clientName(row)}
        {row.client.state && (
          <Text size="xs" c="dimmed">
            {row.client.state}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'carrier',
    header: 'Carrier',
    cell: (row) => (
      <>
        {row.carrier ?? '—'}
        {row.product && (
          <Text size="xs" c="dimmed">
            {row.product}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'file',
    header: 'File',
    cell: (row) => (
      <Text span size="sm" style={{ overflowWrap: 'anywhere', maxWidth: 220, display: 'block' }}>
        {row.fileName ?? '—'}
        <Text size="xs" c="dimmed">
          {contract.ENROLLMENT_MODE_LABELS[row.mode]}
        </Text>
      </Text>
    ),
  },
  { id: 'assignee', header: 'Assigned to', noWrap: true, cell: (row) => row.assignee?.name ?? 'Unassigned' },
  {
    id: 'open',
    header: 'Open',
    headerCell: <VisuallyHidden>Open</VisuallyHidden>,
    cell: (row) => (
      <Button
        size="xs"
        variant="default"
        disabled={isWaiting}
        aria-label={`Open ${enrollmentTitle(row)}`}
        onClick={() => open(row.id)}
      >
        Open
      </Button>
    ),
  },
];

/**
 * `/staff/enrollments`: every agent's enrollment uploads, oldest waiting first or newest, filtered, searched and
 * paged; a row opens beside the queue with its PDF, actions and log (issue 32, docs/decisions/enrollments.md).
 */
export default function StaffEnrollmentsPage() {
  const me = useQuery(currentStaffQuery());
  // assigning: the roles of the contract's assignment entry (admin and operations)
  const canAssign = staffMay(contract.assignStaffEnrollments, me.data?.role);
  // the open row is the queue's selection (?open=<id>): Back and a reload keep the panel open
  const queue = useQueueState(contract.ListStaffEnrollmentsQuerySchema, { selectionParam: 'open' });
  const { page, ...filters } = queue.query;
  const openId = [...queue.selected][0] ?? null;
  const list = useQuery(staffEnrollmentsQuery(filters, page));
  /** the rows ticked for an assignment (only those on screen count) */
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const rows = list.data?.rows ?? [];
  const openRow = rows.find((row) => row.id === openId);
  // the actions and the PDF: admin and operations any enrollment, support those assigned to them
  // (docs/decisions/back-office.md; the server checks the assignment)
  const canAct =
    canAssign || (me.data?.role === 'support' && openRow !== undefined && openRow.assignee?.id === me.data.id);
  const isLoadingFilters = list.isPlaceholderData;
  const download = useDownload();
  // every enrollment matching the filters and the search, not only the ticked rows (the server's export)
  const onExport = () =>
    void download.run((onProgress) =>
      saveFile(contract.exportStaffEnrollments, {
        token: staffAccessToken,
        query: filters,
        fileName: contract.staffEnrollmentsExportFileName(new Date().toISOString().slice(0, 10)),
        onProgress,
      }),
    );
  const filterProps = (key: Exclude<keyof Filters, 'q' | 'sort'>) => ({
    value: queue.filter(key),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      queue.setFilter(key, event.currentTarget.value),
  });

  return (
    <Stack maw={1400}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Enrollments</Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isDownloading}
          onClick={onExport}
        >
          Export .xlsx
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput label="Search" placeholder="Agent, NPN or client's last name" {...queue.searchBox} />
        <NativeSelect label="Status" data={STATUS_CHOICES} {...filterProps('status')} />
        <NativeSelect
          label="Carrier"
          data={[{ value: '', label: 'All carriers' }, ...(list.data?.carriers ?? [])]}
          {...filterProps('carrier')}
        />
        <NativeSelect label="Type" data={MODE_CHOICES} {...filterProps('mode')} />
        <TextInput label="Uploaded from" type="date" {...filterProps('from')} />
        <TextInput label="Uploaded to" type="date" {...filterProps('to')} />
        <NativeSelect
          label="Assignee"
          data={assigneeChoices(list.data?.assignees ?? [], me.data?.id)}
          {...filterProps('assignee')}
        />
        <NativeSelect
          label="Sort"
          data={SORTS}
          value={filters.sort}
          onChange={(event) => queue.setSort(event.currentTarget.value)}
        />
      </SimpleGrid>

      {canAssign && list.data && (
        <Suspense>
          <EnrollmentAssignBar
            assignees={list.data.assignees}
            meId={me.data?.id}
            selection={rows.filter((row) => ticked.has(row.id))}
            onAssigned={() => setTicked(new Set())}
          />
        </Suspense>
      )}
      <DataTable
        caption="Enrollments"
        hideCaption
        columns={[
          ...(canAssign
            ? [
                selectionColumn({
                  rows,
                  getRowId: (row) => row.id,
                  selected: ticked,
                  onChange: setTicked,
                  rowLabel: (row) => `Select ${enrollmentTitle(row)}`,
                  allLabel: 'Select every enrollment on this page',
                }),
              ]
            : []),
          ...columns((id) => queue.setSelected([id]), isLoadingFilters),
        ]}
        data={list.data?.rows}
        getRowId={(row) => row.id}
        server={{
          total: list.data?.total ?? 0,
          totalCapped: list.data?.totalCapped ?? false,
          page,
          pageSize: list.data?.pageSize ?? 1,
          onPageChange: queue.setPage,
        }}
        isLoading={isLoadingFilters}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyMessage="No enrollments match these filters."
        minWidth={1100}
        phoneLayout="scroll"
      />
      {download.element}
      {openId !== null && (
        <Suspense fallback={null}>
          <StaffEnrollmentPanel id={openId} canAct={canAct} onClose={() => queue.setSelected([])} />
        </Suspense>
      )}
    </Stack>
  );
}
