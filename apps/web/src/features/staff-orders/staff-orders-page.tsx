import * as contract from '@arc/contract';
import { Alert, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import { assigneeChoices, STAFF_WORK_KEY } from '../../api/staff-assignees.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { assignStaffOrders, staffOrdersKey, staffOrdersQuery } from '../../api/staff-orders.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { AssignControl } from '../../ui/assign-control.tsx';
import { selectionColumn } from '../../ui/data-table-selection.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';
import { formatBusinessDay } from '../../ui/viewer-time.ts';
import { StaffOrderActionModal } from './staff-order-action-modal.tsx';

type Filters = Omit<contract.ListStaffOrdersQuery, 'page'>;

const SORTS: { value: contract.OrderSort; label: string }[] = [
  { value: '-orderDate', label: 'Newest first' },
  { value: 'orderDate', label: 'Oldest first' },
  { value: 'agent', label: 'Agent' },
  { value: 'carrier', label: 'Carrier' },
  { value: 'status', label: 'Status' },
  { value: '-id', label: 'Order number' },
];

const choice = (label: string, values: readonly string[]) => [{ value: '', label }, ...values.map((v) => v)];

const COLUMNS: readonly DataTableColumn<contract.StaffOrderRow>[] = [
  {
    id: 'order',
    header: 'Order',
    cell: (row) => (
      <Anchor component={Link} to={`${contract.staffPaths.orders}/${row.id}`}>
        {row.id}
      </Anchor>
    ),
  },
  { id: 'date', header: 'Date', noWrap: true, cell: (row) => formatBusinessDay(row.orderDate) },
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
  { id: 'carrier', header: 'Carrier', cell: (row) => row.carrier },
  {
    // the kit with its plan, state, year and quantity in one cell: every column fits at 1280 px (issue 47)
    id: 'kit',
    header: 'Kit',
    cell: (row) => (
      <>
        {row.type}
        <Text size="xs" c="dimmed">
          {row.planName}
        </Text>
        <Text size="xs">
          {row.planState} · {row.year} · Qty {row.qty}
        </Text>
      </>
    ),
  },
  {
    // the status with what shipped it (or why it was cancelled) under it
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <>
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {row.status}
        </Text>
        {row.carrierOrderNum && <Text size="xs">Carrier order {row.carrierOrderNum}</Text>}
        {row.trackingUrl && (
          <Anchor href={row.trackingUrl} target="_blank" rel="noopener noreferrer" size="xs">
            {row.shipper} {row.tracking}
          </Anchor>
        )}
        {row.status === 'Cancelled' && row.notes && <Text size="xs">{row.notes}</Text>}
      </>
    ),
  },
  { id: 'assignee', header: 'Assigned to', noWrap: true, cell: (row) => row.assignee?.name ?? 'Unassigned' },
];

/** The selected orders as `.xlsx` for the carriers' fulfilment teams (a file answer: fetched, then saved). */
const exportOrders = (ids: number[]) =>
  saveFile(contract.exportStaffOrders, {
    token: staffAccessToken,
    body: { ids },
    fileName: contract.STAFF_ORDERS_EXPORT_FILE_NAME,
  });

/** `/staff/orders`: every agent's supply orders, the actions on a selection, and the carrier's export (issue 32). */
export default function StaffOrdersPage() {
  const queue = useQueueState(contract.ListStaffOrdersQuerySchema);
  const { page, ...filters } = queue.query;
  /** the action asked for, with the selected orders at the versions shown when its dialog opened */
  const [action, setAction] = useState<{
    kind: contract.OrderActionKind;
    orders: { id: number; version: number }[];
  } | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const list = useQuery(staffOrdersQuery(filters, page));
  const me = useQuery(currentStaffQuery());
  const queryClient = useQueryClient();

  const rows = list.data?.rows ?? [];
  const selection = rows.filter((row) => queue.selected.has(String(row.id)));
  const assign = useSubmit({
    mutationFn: (assigneeId: string | null) =>
      assignStaffOrders({ orders: selection.map(({ id, version }) => ({ id, version })), assigneeId }),
    onSuccess: async (result) => {
      const name = result.orders[0]?.assignee?.name;
      setMessage({
        text: `${result.orders.length} ${result.orders.length === 1 ? 'order' : 'orders'} ${name ? `assigned to ${name}` : 'unassigned'}.`,
        isError: false,
      });
      queue.setSelected([]);
      await queryClient.invalidateQueries({ queryKey: staffOrdersKey });
      await queryClient.invalidateQueries({ queryKey: STAFF_WORK_KEY });
    },
    onError: (err) => setMessage({ text: errorMessage(err), isError: true }),
  });
  /** the rows shown are the previous filters' while the new ones load: nothing can be done with them then */
  const isLoadingFilters = list.isPlaceholderData;
  const onExport = async () => {
    setIsExporting(true);
    try {
      await exportOrders(selection.map((row) => row.id));
    } catch (err) {
      setMessage({ text: errorMessage(err), isError: true });
    } finally {
      setIsExporting(false);
    }
  };

  const choices = list.data?.choices ?? { carriers: [], planStates: [], types: [] };
  const filterProps = (key: Exclude<keyof Filters, 'q' | 'sort'>) => ({
    value: queue.filter(key),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      queue.setFilter(key, event.currentTarget.value),
  });

  return (
    <Stack maw={1400}>
      <Title order={1}>Supply orders</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput label="Search" placeholder="Agent, NPN or order number" {...queue.searchBox} />
        <NativeSelect
          label="Status"
          data={choice('All statuses', contract.ORDER_STATUSES)}
          {...filterProps('status')}
        />
        <NativeSelect label="Carrier" data={choice('All carriers', choices.carriers)} {...filterProps('carrier')} />
        <NativeSelect
          label="Plan state"
          data={choice('All states', choices.planStates)}
          {...filterProps('planState')}
        />
        <NativeSelect label="Product type" data={choice('All product types', choices.types)} {...filterProps('type')} />
        <TextInput label="Ordered from" type="date" {...filterProps('from')} />
        <TextInput label="Ordered to" type="date" {...filterProps('to')} />
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

      <Group gap="xs" wrap="wrap" aria-label="Actions on the selected orders" role="group">
        <Text size="sm" fw={600} mr="xs" aria-live="polite">
          {selection.length} selected
        </Text>
        {contract.ORDER_ACTIONS.map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant={kind === 'cancelled' ? 'light' : 'default'}
            color={kind === 'cancelled' ? 'red' : undefined}
            disabled={selection.length === 0 || isLoadingFilters}
            onClick={() => {
              setMessage(null);
              setAction({ kind, orders: selection.map(({ id, version }) => ({ id, version })) });
            }}
          >
            {contract.ORDER_ACTION_LABELS[kind]}
          </Button>
        ))}
        <Button
          size="xs"
          disabled={selection.length === 0 || isLoadingFilters}
          loading={isExporting}
          onClick={() => void onExport()}
        >
          Export for the carrier
        </Button>
      </Group>
      {list.data && (
        <AssignControl
          assignees={list.data.assignees}
          meId={me.data?.id}
          selectedCount={selection.length}
          isPending={assign.isPending}
          onAssign={(assigneeId) => assign.mutate(assigneeId)}
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

      <DataTable
        caption="Supply orders"
        hideCaption
        columns={[
          selectionColumn({
            rows,
            getRowId: (row) => String(row.id),
            selected: queue.selected,
            onChange: queue.setSelected,
            rowLabel: (row) => `Select order ${row.id}`,
            allLabel: 'Select every order on this page',
          }),
          ...COLUMNS,
        ]}
        data={list.data?.rows}
        getRowId={(row) => String(row.id)}
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
        emptyMessage="No orders match these filters."
        minWidth={860}
        phoneLayout="scroll"
      />
      <StaffOrderActionModal
        kind={action?.kind ?? null}
        orders={action?.orders ?? []}
        onClose={() => setAction(null)}
        onDone={(text) => {
          queue.setSelected([]);
          setMessage({ text, isError: false });
        }}
      />
    </Stack>
  );
}
