import { orderHnum, SUPPLIES_MESSAGES, type SupplyOrder } from '@arc/contract';
import { Button, Group, Loader, NativeSelect } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { suppliesQueries } from '../../api/supplies.ts';
import { businessTimeZone } from '../../config.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';

// an order's details (its log, the CRM account) open with a click on its row: loaded then
// (docs/decisions/web-loading-and-budget.md)
const OrderDetails = lazy(() => import('./supply-order-details.tsx'));

// made on first use, not as the module loads: the route's modules all run in one task
// (docs/decisions/web-loading-and-budget.md)
const DATE_PARTS = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
let dateFormat: Intl.DateTimeFormat | undefined;
const formatDate = (date: Date) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone(), ...DATE_PARTS })).format(date);

/** The client-derived fields of spec part 2 §3 Supply order. */
const orderName = (o: SupplyOrder) => `${o.first} ${o.last}`;
const orderAddress = (o: SupplyOrder) =>
  `${[o.street_num, o.street].filter(Boolean).join(' ')}, ${o.city}, ${o.state} ${o.zip}`;
const orderStatus = (o: SupplyOrder) => o.status || SUPPLIES_MESSAGES.notCompleted;

const ALL_CARRIERS = '';

const columns: DataTableColumn<SupplyOrder>[] = [
  {
    id: 'date',
    header: 'Order Date',
    value: (o) => o.order_date,
    cell: (o) => formatDate(o.order_date),
    noWrap: true,
  },
  { id: 'name', header: 'Name', value: orderName, searchable: true },
  { id: 'carrier', header: 'Carrier', value: (o) => o.orgname, searchable: true },
  { id: 'plan', header: 'Plan', value: (o) => o.planname, searchable: true },
  { id: 'hnum', header: 'Hnum', value: orderHnum, searchable: true, noWrap: true },
  { id: 'year', header: 'Year', value: (o) => String(o.year) },
  { id: 'qty', header: 'Qty', value: (o) => o.qty, align: 'right' },
  { id: 'address', header: 'Address', value: orderAddress, searchable: true },
  { id: 'status', header: 'Status', value: orderStatus, searchable: true },
];

/** The agent's supply orders: carrier filter, Reload, expandable rows with the order log and the CRM link. */
export function SupplyOrders() {
  const orders = useQuery(suppliesQueries.orders());
  const [carrier, setCarrier] = useState<string>(ALL_CARRIERS);
  const carriers = useMemo(() => [...new Set((orders.data ?? []).map((o) => o.orgname))].toSorted(), [orders.data]);
  const rows = useMemo(
    () => (carrier === ALL_CARRIERS ? orders.data : orders.data?.filter((o) => o.orgname === carrier)),
    [orders.data, carrier],
  );

  return (
    <DataTable
      caption="Supply Orders"
      data={rows}
      columns={columns}
      getRowId={(o) => String(o.id)}
      getRowLabel={(o) => `order ${o.id}, ${o.planname}`}
      initialSort={{ id: 'date', desc: true }}
      isLoading={orders.isPending}
      error={orders.isError ? errorMessage(orders.error) : null}
      onRetry={() => void orders.refetch()}
      emptyMessage="There are no supply orders yet."
      renderExpanded={(o) => (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the order details" />}>
          <OrderDetails order={o} />
        </Suspense>
      )}
      minWidth={960}
      toolbar={
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label="Carrier"
            data={[{ value: ALL_CARRIERS, label: 'All carriers' }, ...carriers.map((c) => ({ value: c, label: c }))]}
            value={carrier}
            onChange={(event) => setCarrier(event.currentTarget.value)}
            w={220}
          />
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => void orders.refetch()}
            loading={orders.isFetching && !orders.isPending}
          >
            Reload
          </Button>
        </Group>
      }
    />
  );
}
