import * as contract from '@arc/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
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
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { assigneeChoices, STAFF_WORK_KEY } from '../../api/staff-assignees.ts';
import { staffDownload, staffFetch } from '../../api/staff-client.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { assignStaffOrders } from '../../api/staff-orders.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { AssignControl } from '../../ui/assign-control.tsx';
import { DataTablePager } from '../../ui/data-table-pager.tsx';
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

const ordersQuery = (filters: Filters, page: number) => ({
  queryKey: ['staff', 'orders', filters, page],
  queryFn: () =>
    staffFetch(contract.listStaffOrders, {
      query: { ...filters, page },
    }),
  placeholderData: keepPreviousData,
});

const choice = (label: string, values: readonly string[]) => [{ value: '', label }, ...values.map((v) => v)];
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The selected orders as `.xlsx` for the carriers' fulfilment teams (a file answer: fetched, then saved). */
const exportOrders = (ids: number[]) =>
  staffDownload(contract.exportStaffOrders, { body: { ids } }, contract.STAFF_ORDERS_EXPORT_FILE_NAME);

/** `/staff/orders`: every agent's supply orders, the actions on a selection, and the carrier's export (issue 32). */
export default function StaffOrdersPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<Omit<Filters, 'q'>>({ sort: '-orderDate' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  /** the action asked for, with the selected orders at the versions shown when its dialog opened */
  const [action, setAction] = useState<{
    kind: contract.OrderActionKind;
    orders: { id: number; version: number }[];
  } | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const list = useQuery(ordersQuery({ ...filters, ...(q ? { q } : {}) }, page));
  const me = useQuery(currentStaffQuery());
  const queryClient = useQueryClient();
  const assign = useSubmit({
    mutationFn: (assigneeId: string | null) =>
      assignStaffOrders({ orders: selection.map(({ id, version }) => ({ id, version })), assigneeId }),
    onSuccess: async (result) => {
      const name = result.orders[0]?.assignee?.name;
      setMessage({
        text: `${result.orders.length} ${result.orders.length === 1 ? 'order' : 'orders'} ${name ? `assigned to ${name}` : 'unassigned'}.`,
        isError: false,
      });
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: ['staff', 'orders'] });
      await queryClient.invalidateQueries({ queryKey: STAFF_WORK_KEY });
    },
    onError: (err) => setMessage({ text: errorMessage(err), isError: true }),
  });

  const setFilter = (key: keyof Filters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value || undefined }));
    setPage(1);
    setSelected(new Set());
  };
  const rows = list.data?.rows ?? [];
  const selection = rows.filter((row) => selected.has(row.id));
  const isAllSelected = rows.length > 0 && selection.length === rows.length;
  /** the rows shown are the previous filters' while the new ones load: nothing can be done with them then */
  const isLoadingFilters = list.isPlaceholderData;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
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
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Stack maw={1400}>
      <Title order={1}>Supply orders</Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Search"
          placeholder="Agent, NPN or order number"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
            setSelected(new Set());
          }}
        />
        <NativeSelect
          label="Status"
          data={choice('All statuses', contract.ORDER_STATUSES)}
          value={filters.status ?? ''}
          onChange={(event) => setFilter('status', event.currentTarget.value)}
        />
        <NativeSelect
          label="Carrier"
          data={choice('All carriers', choices.carriers)}
          value={filters.carrier ?? ''}
          onChange={(event) => setFilter('carrier', event.currentTarget.value)}
        />
        <NativeSelect
          label="Plan state"
          data={choice('All states', choices.planStates)}
          value={filters.planState ?? ''}
          onChange={(event) => setFilter('planState', event.currentTarget.value)}
        />
        <NativeSelect
          label="Product type"
          data={choice('All product types', choices.types)}
          value={filters.type ?? ''}
          onChange={(event) => setFilter('type', event.currentTarget.value)}
        />
        <TextInput
          label="Ordered from"
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => setFilter('from', event.currentTarget.value)}
        />
        <TextInput
          label="Ordered to"
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
          value={filters.sort ?? '-orderDate'}
          onChange={(event) => setFilter('sort', event.currentTarget.value)}
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

      {list.isError && (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      {list.isPending && <Loader aria-label="Loading the orders" />}
      {list.data && rows.length === 0 && <Text c="dimmed">No orders match these filters.</Text>}
      {rows.length > 0 && (
        <TableScrollContainer minWidth={1100}>
          <Table
            striped
            highlightOnHover
            aria-label="Supply orders"
            fz="sm"
            aria-busy={isLoadingFilters || undefined}
            style={{ opacity: isLoadingFilters ? 0.6 : undefined }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select every order on this page"
                    checked={isAllSelected}
                    indeterminate={selection.length > 0 && !isAllSelected}
                    onChange={() => setSelected(isAllSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                  />
                </Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Carrier</Table.Th>
                <Table.Th>Kit</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Year</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Shipping</Table.Th>
                <Table.Th>Assigned to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} bg={selected.has(row.id) ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select order ${row.id}`}
                      checked={selected.has(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${contract.staffPaths.orders}/${row.id}`}>
                      {row.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateFormat.format(row.orderDate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.agent.firstName} {row.agent.lastName}
                    <Text size="xs" c="dimmed">
                      NPN {row.agent.npn}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.carrier}</Table.Td>
                  <Table.Td>
                    {row.type}
                    <Text size="xs" c="dimmed">
                      {row.planName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.planState}</Table.Td>
                  <Table.Td>{row.year}</Table.Td>
                  <Table.Td ta="right">{row.qty}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {row.status}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {row.carrierOrderNum && <Text size="xs">Carrier order {row.carrierOrderNum}</Text>}
                    {row.trackingUrl && (
                      <Anchor href={row.trackingUrl} target="_blank" rel="noopener noreferrer" size="xs">
                        {row.shipper} {row.tracking}
                      </Anchor>
                    )}
                    {row.status === 'Cancelled' && row.notes && <Text size="xs">{row.notes}</Text>}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.assignee?.name ?? 'Unassigned'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollContainer>
      )}
      {list.data && list.data.total > 0 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {list.data.totalCapped
              ? `${list.data.total.toLocaleString('en-US')}+ orders`
              : list.data.total === 1
                ? '1 order'
                : `${list.data.total} orders`}
          </Text>
          <DataTablePager pageIndex={page - 1} pageCount={pageCount} onPageChange={(index) => setPage(index + 1)} />
        </Group>
      )}
      <StaffOrderActionModal
        kind={action?.kind ?? null}
        orders={action?.orders ?? []}
        onClose={() => setAction(null)}
        onDone={(text) => {
          setSelected(new Set());
          setMessage({ text, isError: false });
        }}
      />
    </Stack>
  );
}
