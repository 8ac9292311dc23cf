import type { ReadyToSellRow } from '@arc/contract';
import { Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { StatusWord } from '../../ui/agent-status-badge.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';

/** Rows per page of the table (an agent Ready to Sell everywhere has thousands). */
export const READY_TO_SELL_PAGE_SIZE = 50;

const ALL = '';

const COLUMNS: readonly DataTableColumn<ReadyToSellRow>[] = [
  { id: 'carrier', header: 'Carrier', cell: (row) => row.carrier },
  { id: 'state', header: 'State', cell: (row) => row.state },
  { id: 'type', header: 'Product type', cell: (row) => row.productType },
  { id: 'year', header: 'Plan year', cell: (row) => row.planYear },
  {
    id: 'status',
    header: 'Status',
    cell: (row) =>
      row.status === 'ready' ? (
        <StatusWord label="Ready" color="green.7" />
      ) : (
        <StatusWord label="Not ready" color="red.7" />
      ),
  },
  { id: 'asOf', header: 'As of', noWrap: true, cell: (row) => row.asOf },
];
const distinct = <T,>(values: T[]) => [...new Set(values)];

/**
 * The agent's Ready-to-Sell rows (newest plan year first, as the detail answers them): one plan year at a time
 * (the newest by default), narrowed by carrier and state, a page of rows at a time, each status a word with a dot.
 */
export function ReadyToSellTable({ rows }: { rows: readonly ReadyToSellRow[] }) {
  const years = distinct(rows.map((row) => String(row.planYear)))
    .sort()
    .reverse();
  const [year, setYear] = useState(years[0] ?? ALL);
  const [carrier, setCarrier] = useState(ALL);
  const [state, setState] = useState(ALL);
  const [page, setPage] = useState(1);

  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No Ready-to-Sell row for this agent.
      </Text>
    );
  }
  const ofYear = rows.filter((row) => String(row.planYear) === year);
  const carriers = distinct(ofYear.map((row) => row.carrier)).sort();
  const states = distinct(ofYear.map((row) => row.state)).sort();
  const shown = ofYear.filter((row) => (!carrier || row.carrier === carrier) && (!state || row.state === state));
  const ready = shown.filter((row) => row.status === 'ready').length;
  const pages = Math.max(1, Math.ceil(shown.length / READY_TO_SELL_PAGE_SIZE));
  const current = Math.min(page, pages);
  const first = (current - 1) * READY_TO_SELL_PAGE_SIZE;
  const onPage = shown.slice(first, first + READY_TO_SELL_PAGE_SIZE);
  const choose = (set: (value: string) => void) => (event: { currentTarget: { value: string } }) => {
    set(event.currentTarget.value);
    setPage(1);
  };
  const count = (n: number) => n.toLocaleString('en-US');

  return (
    <>
      <Group gap="sm" mb="sm" align="flex-end">
        <NativeSelect
          label="Plan year"
          w={{ base: '100%', xs: 120 }}
          data={years}
          value={year}
          onChange={choose(setYear)}
        />
        <NativeSelect
          label="Carrier"
          w={{ base: '100%', xs: 220 }}
          data={[{ value: ALL, label: 'All carriers' }, ...carriers]}
          value={carrier}
          onChange={choose(setCarrier)}
        />
        <NativeSelect
          label="State"
          w={{ base: '100%', xs: 140 }}
          data={[{ value: ALL, label: 'All states' }, ...states]}
          value={state}
          onChange={choose(setState)}
        />
      </Group>
      <Text size="sm" mb="xs" aria-live="polite">
        {count(ready)} ready, {count(shown.length - ready)} not ready
        {shown.length > onPage.length
          ? ` · showing ${count(first + 1)}–${count(first + onPage.length)} of ${count(shown.length)}`
          : ''}
      </Text>
      <DataTable
        caption="Ready to Sell"
        hideCaption
        regionLabel="Ready to Sell: the table"
        data={onPage}
        getRowId={(row) => `${row.carrier}|${row.state}|${row.productType}|${row.planYear}`}
        server={{ total: shown.length, page: current, pageSize: READY_TO_SELL_PAGE_SIZE, onPageChange: setPage }}
        emptyMessage="No row for this carrier in this state."
        minWidth={560}
        columns={COLUMNS}
      />
    </>
  );
}
