import { crmAccountUrl, orderHnum, SUPPLIES_MESSAGES, type SupplyOrder } from '@arc/contract';
import { Anchor, Button, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { suppliesQueries } from '../../api/supplies.ts';
import { businessTimeZone } from '../../config.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';

// made on first use, not as the module loads: the route's modules all run in one task (decision 056)
const DATE_PARTS = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const inBusinessTime = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone(), ...options });
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const formatDate = (date: Date) => (dateFormat ??= inBusinessTime(DATE_PARTS)).format(date);
const formatDateTime = (date: Date) =>
  (dateTimeFormat ??= inBusinessTime({ ...DATE_PARTS, hour: 'numeric', minute: '2-digit' })).format(date);

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

function OrderDetails({ order }: { order: SupplyOrder }) {
  const log = useQuery(suppliesQueries.orderLog(order.id));
  const crm = useQuery({ ...suppliesQueries.crmAccount(order.ActID ?? ''), enabled: Boolean(order.ActID) });
  return (
    <Stack gap="xs" p="xs">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <strong>Type:</strong> {order.type} · <strong>Plan state:</strong> {order.plan_state}
          {order.county ? ` · ${order.county}` : ''}
        </Text>
        {order.tracking && (
          <Text size="sm">
            <strong>Tracking:</strong> {order.tracking}
          </Text>
        )}
        {order.carrier_order_num && (
          <Text size="sm">
            <strong>Carrier order:</strong> {order.carrier_order_num}
          </Text>
        )}
        {order.special_instructions && (
          <Text size="sm">
            <strong>Special instructions:</strong> {order.special_instructions}
          </Text>
        )}
        {order.notes && (
          <Text size="sm">
            <strong>Notes:</strong> {order.notes}
          </Text>
        )}
        {crm.data && (
          <Anchor href={crmAccountUrl(crm.data.Id)} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              CRM account <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        )}
      </Group>
      {log.isPending && <Loader size="sm" aria-label="Loading the order log" />}
      {log.isError && (
        <Text c="red.8" size="sm" role="alert">
          {errorMessage(log.error)}
        </Text>
      )}
      {log.data && (
        <Table withTableBorder striped fz="sm" aria-label={`Order ${order.id} log`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.map((entry, index) => (
              <Table.Tr key={index}>
                <Table.Td>{formatDateTime(entry.tstamp)}</Table.Td>
                <Table.Td>
                  {entry.first} {entry.last}
                </Table.Td>
                <Table.Td>
                  {entry.action}
                  {entry.link && (
                    <>
                      {' · '}
                      <Anchor href={entry.link} target="_blank" rel="noopener noreferrer">
                        Track the shipment
                      </Anchor>
                    </>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

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
      renderExpanded={(o) => <OrderDetails order={o} />}
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
