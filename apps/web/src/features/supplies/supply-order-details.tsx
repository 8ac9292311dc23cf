import { crmAccountUrl, type SupplyOrder } from '@arc/contract';
import { Anchor, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client.ts';
import { orderDetailsQueries } from '../../api/supplies-order.ts';
import { formatViewerInstant } from '../../ui/viewer-time.ts';

// made on first use, not as the module loads (docs/decisions/web-loading-and-budget.md)
const formatDateTime = (date: Date) => formatViewerInstant(date);

/** An order's details (Supply Orders' expanded row): type, tracking, notes, the CRM link and the order log. */
export default function OrderDetails({ order }: { order: SupplyOrder }) {
  const log = useQuery(orderDetailsQueries.orderLog(order.id));
  const crm = useQuery({ ...orderDetailsQueries.crmAccount(order.ActID ?? ''), enabled: Boolean(order.ActID) });
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
