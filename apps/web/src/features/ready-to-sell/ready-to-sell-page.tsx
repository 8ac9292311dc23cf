import {
  READY_TO_SELL_PRODUCT_TYPES,
  RTS_NEXT_ACTION_LABELS,
  RTS_STATUS_LABELS,
  RTS_TEXT,
  usDateOf,
  type RtsCell,
  type RtsCellStatus,
} from '@arc/contract';
import { Alert, Badge, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { readyToSellQueries } from '../../api/ready-to-sell.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';

/**
 * Filled badges, white text on a dark shade of each colour: about 6:1 for the green and the amber (Mantine's
 * green.9 and orange.9 stay under 4.5:1 for a badge's small bold text), 5.5:1 for red.9, 8:1 for gray.7.
 */
const STATUS_COLORS: Record<RtsCellStatus, string> = {
  ready: '#1f6f3a',
  pending: '#9c4a00',
  not_ready: 'red.9',
  not_appointed: 'gray.7',
};

interface CarrierRow {
  carrier: string;
  cells: Record<string, RtsCell>;
}

function StatusCell({ cell }: { cell: RtsCell | undefined }) {
  if (!cell) return null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLORS[cell.status]} variant="filled" tt="none">
        {RTS_STATUS_LABELS[cell.status]}
      </Badge>
      {cell.nextAction && (
        <Text size="xs" fw={600}>
          {RTS_NEXT_ACTION_LABELS[cell.nextAction]}
        </Text>
      )}
      {cell.asOf && (
        <Text size="xs" c="gray.7">
          as of {usDateOf(cell.asOf)}
        </Text>
      )}
    </Stack>
  );
}

function columnsFor(states: string[]): DataTableColumn<CarrierRow>[] {
  return [
    { id: 'carrier', header: RTS_TEXT.carrier, value: (row) => row.carrier, cell: (row) => <b>{row.carrier}</b> },
    ...states.map((state): DataTableColumn<CarrierRow> => ({
      id: state,
      header: state,
      value: (row) => (row.cells[state] ? RTS_STATUS_LABELS[row.cells[state].status] : ''),
      cell: (row) => <StatusCell cell={row.cells[state]} />,
    })),
  ];
}

/** /rts: the agent's Ready-to-Sell board, one grid per plan year (carrier × state, a table per product type). */
export default function ReadyToSellPage() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const [state, setState] = useState('');
  const [product, setProduct] = useState('');
  const board = useQuery(readyToSellQueries.board(year));
  const data = board.data;
  const states = useMemo(() => (data?.states ?? []).filter((s) => !state || s === state), [data, state]);
  const columns = useMemo(() => columnsFor(states), [states]);
  const tables = useMemo(
    () =>
      (data?.productTypes ?? [])
        .filter((type) => !product || type === product)
        .map((type) => {
          const rows = new Map<string, CarrierRow>();
          for (const cell of data?.cells ?? []) {
            if (cell.productType !== type) continue;
            const row = rows.get(cell.carrier) ?? { carrier: cell.carrier, cells: {} };
            row.cells[cell.state] = cell;
            rows.set(cell.carrier, row);
          }
          return { type, rows: [...rows.values()] };
        }),
    [data, product],
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{RTS_TEXT.title}</Title>
      <Text>{RTS_TEXT.intro}</Text>
      {board.isError && <Alert color="red">{RTS_TEXT.failed}</Alert>}
      {data && data.year === null && <Alert color="blue">{RTS_TEXT.noRows}</Alert>}
      {data && data.year !== null && (
        <>
          <Paper p={{ base: 'md', sm: 'lg' }}>
            <Group gap="md" align="flex-end">
              <NativeSelect
                label={RTS_TEXT.planYear}
                value={String(data.year)}
                onChange={(event) => setYear(Number(event.currentTarget.value))}
                data={data.years.map(String)}
              />
              <NativeSelect
                label={RTS_TEXT.state}
                value={state}
                onChange={(event) => setState(event.currentTarget.value)}
                data={[{ value: '', label: RTS_TEXT.allStates }, ...data.states]}
              />
              <NativeSelect
                label={RTS_TEXT.product}
                value={product}
                onChange={(event) => setProduct(event.currentTarget.value)}
                data={[
                  { value: '', label: RTS_TEXT.allProducts },
                  ...data.productTypes.map((type) => ({ value: type, label: READY_TO_SELL_PRODUCT_TYPES[type] })),
                ]}
              />
            </Group>
            {data.asOf && (
              <Text mt="sm" size="sm" data-testid="rts-as-of">
                {RTS_TEXT.asOf(usDateOf(data.asOf))}
              </Text>
            )}
          </Paper>
          {tables.map(({ type, rows }) => (
            <Paper key={type} p={{ base: 'md', sm: 'lg' }}>
              <DataTable
                caption={`${READY_TO_SELL_PRODUCT_TYPES[type]} ${data.year}`}
                columns={columns}
                data={rows}
                getRowId={(row) => row.carrier}
                getRowLabel={(row) => row.carrier}
                paginate={false}
                isLoading={board.isFetching && board.isPlaceholderData}
              />
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}
