import * as contract from '@arc/contract';
// eslint-disable-next-line no-restricted-imports -- the order's facts are a key/value detail (a label and its value per row), not a list
import { Alert, Anchor, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { staffOrderQuery } from '../../api/staff-orders.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { formatBusinessDay, formatViewerInstant } from '../../ui/viewer-time.ts';

const logColumns: DataTableColumn<contract.StaffOrderLogEntry>[] = [
  { id: 'at', header: 'When', value: (e) => e.at, cell: (e) => formatViewerInstant(e.at), noWrap: true },
  { id: 'by', header: 'By', value: (e) => e.by, sortable: false },
  {
    id: 'action',
    header: 'What',
    value: (e) => e.action,
    sortable: false,
    cell: (e) => (
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {e.link ? (
            <Anchor href={e.link} target="_blank" rel="noreferrer">
              {e.action}
            </Anchor>
          ) : (
            e.action
          )}
        </Text>
        {e.isInternal && (
          <Badge size="xs" variant="light" color="gray">
            Kept from the agent
          </Badge>
        )}
      </Stack>
    ),
  },
];

/**
 * `/staff/orders/:id`: one supply order's own view (issue 47): where it ships, the agent's instructions, its state
 * with the carrier, who works it, and its whole history with every note.
 */
export default function StaffOrderPage() {
  const id = Number(useParams().id);
  const order = useQuery({ ...staffOrderQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (order.isError) return <Alert color="red">{errorMessage(order.error)}</Alert>;
  if (!order.data) return <Loader aria-label="Loading the order" />;
  const { order: row, log } = order.data;
  const facts: [string, ReactNode][] = [
    ['Status', row.status],
    ['Ordered', formatBusinessDay(row.orderDate)],
    ['Agent', `${row.agent.firstName} ${row.agent.lastName} (NPN ${row.agent.npn})`],
    ['Ship to', row.shipTo],
    ['Special instructions', row.specialInstructions || '—'],
    ['Kit', `${row.carrier} · ${row.type} · ${row.year}`],
    ['Plan', `${row.planName} (${row.planState})`],
    ['Quantity', row.qty],
    ['Carrier order', row.carrierOrderNum ?? '—'],
    [
      'Tracking',
      row.trackingUrl ? (
        <Anchor href={row.trackingUrl} target="_blank" rel="noreferrer">
          {row.shipper} {row.tracking}
        </Anchor>
      ) : (
        '—'
      ),
    ],
    ['Assigned to', row.assignee?.name ?? 'Unassigned'],
  ];
  return (
    <Stack maw={960}>
      <Anchor component={Link} to={contract.staffPaths.orders} size="sm">
        Back to the supply orders
      </Anchor>
      <Title order={1}>Order {row.id}</Title>
      <Paper withBorder p="md">
        <Table variant="vertical" layout="fixed" aria-label="Order details">
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper p="md">
        <DataTable
          caption="History and notes"
          data={log}
          columns={logColumns}
          getRowId={(e) => `${e.at.toISOString()}-${e.action}`}
          initialSort={{ id: 'at' }}
          paginate={false}
          emptyMessage="Nothing has happened to this order yet."
        />
      </Paper>
    </Stack>
  );
}
