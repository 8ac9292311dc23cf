import type { ReadyToSellRow } from '@arc/contract';
import { Button, Group, NativeSelect, Table, TableScrollContainer, Text } from '@mantine/core';
import { useState } from 'react';
import { StatusWord } from '../../ui/agent-status-badge.tsx';

/** Rows per page of the table (an agent Ready to Sell everywhere has thousands). */
export const READY_TO_SELL_PAGE_SIZE = 50;

const ALL = '';
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
      {shown.length === 0 && (
        <Text c="dimmed" size="sm">
          No row for this carrier in this state.
        </Text>
      )}
      <TableScrollContainer minWidth={560} display={shown.length === 0 ? 'none' : undefined}>
        <Table striped>
          <Table.Caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            Ready to Sell
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {['Carrier', 'State', 'Product type', 'Plan year', 'Status', 'As of'].map((header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {onPage.map((row) => (
              <Table.Tr key={`${row.carrier}|${row.state}|${row.productType}|${row.planYear}`}>
                <Table.Td>{row.carrier}</Table.Td>
                <Table.Td>{row.state}</Table.Td>
                <Table.Td>{row.productType}</Table.Td>
                <Table.Td>{row.planYear}</Table.Td>
                <Table.Td>
                  {row.status === 'ready' ? (
                    <StatusWord label="Ready" color="green.7" />
                  ) : (
                    <StatusWord label="Not ready" color="red.7" />
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.asOf}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollContainer>
      {pages > 1 && (
        <Group gap="sm" mt="sm">
          <Button variant="default" size="xs" disabled={current === 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <Text size="sm">
            Page {current} of {pages}
          </Text>
          <Button variant="default" size="xs" disabled={current === pages} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </Group>
      )}
    </>
  );
}
