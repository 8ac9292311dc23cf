import { formatProspectDate, PROSPECT_MESSAGES, type ProspectRow } from '@arc/contract';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useFocusOnMount } from '../../ui/focus.ts';
import { PostalCodeFilter } from './postal-code-filter.tsx';
import { postalCodesOf, visibleRows } from './prospects-model.ts';
import classes from './prospects.module.css';

/*
 * Twelve columns in the 950 px a 1280 px window leaves beside the side menu: two-word headers and long values
 * wrap, dates and phone numbers stay on one line, and the cells' side padding is 6 px, so County and Phone are
 * never cut off at the right.
 */
const COLUMNS: DataTableColumn<ProspectRow>[] = [
  { id: 't65', header: 'T65', value: (r) => r.T65, cell: (r) => formatProspectDate(r.T65), noWrap: true },
  { id: 'prefix', header: 'Prefix', value: (r) => r.prefex },
  { id: 'first', header: 'First Name', value: (r) => r.FirstName, wrapHeader: true },
  { id: 'middle', header: 'Middle', value: (r) => r.Middle },
  { id: 'last', header: 'Last Name', value: (r) => r.Lastname, wrapHeader: true },
  { id: 'address1', header: 'Address 1', value: (r) => r.Address1, wrapHeader: true },
  { id: 'address2', header: 'Address 2', value: (r) => r.Address2, wrapHeader: true },
  { id: 'city', header: 'City', value: (r) => r.City },
  { id: 'state', header: 'State', value: (r) => r.State },
  { id: 'zip', header: 'Zip', value: (r) => r.zipcode },
  { id: 'county', header: 'County', value: (r) => r.county },
  { id: 'phone', header: 'Phone', value: (r) => r.phone, noWrap: true },
];

export interface ResultsViewProps {
  rows: ProspectRow[];
  isCapped: boolean;
  limit: number;
  onBack: () => void;
  /** the rows shown, after the postal-code filter and the search */
  onDownload: (shown: ProspectRow[], filters: { text: string; exclude: string[] }) => void;
  isDownloading: boolean;
}

/** Total Prospects, Filter Postal Codes, Search, Download Excel File, Print, Back and the table. */
export function ResultsView({ rows, isCapped, limit, onBack, onDownload, isDownloading }: ResultsViewProps) {
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const codes = useMemo(() => postalCodesOf(rows), [rows]);
  const shown = useMemo(() => visibleRows(rows, excluded, query), [rows, excluded, query]);
  // Run List replaces the form with the list: the focus goes to the list
  const region = useFocusOnMount<HTMLDivElement>();

  return (
    <Stack
      gap="md"
      ref={region}
      tabIndex={-1}
      component="section"
      aria-label="Prospect list"
      className={classes.results}
    >
      <Group className={classes.noPrint}>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={onBack}>
          Back
        </Button>
      </Group>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title="Mail only">
        {PROSPECT_MESSAGES.contactNotice}
      </Alert>
      {isCapped && (
        <Alert color="yellow" variant="light" title="Search capped" role="status">
          This search found more than {limit.toLocaleString('en-US')} prospects; only the first{' '}
          {limit.toLocaleString('en-US')} by T65 date are shown. Choose fewer counties or postal codes, or a shorter
          date range, to see the rest.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" className={classes.noPrint}>
        <Group justify="space-between" align="flex-end" gap="lg">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Total Prospects
            </Text>
            <Text size="xl" fw={700} aria-live="polite" data-testid="total-prospects">
              {shown.length.toLocaleString('en-US')}
            </Text>
          </Stack>
          <PostalCodeFilter codes={codes} excluded={excluded} onChange={setExcluded} />
          <Stack gap="xs">
            <TextInput
              type="search"
              label="Search"
              w={{ base: '100%', xs: 240 }}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Button
              leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
              loading={isDownloading}
              onClick={() => onDownload(shown, { text: search.trim(), exclude: [...excluded] })}
            >
              Download Excel File
            </Button>
          </Stack>
        </Group>
      </Paper>
      <DataTable
        caption="Prospects"
        data={shown}
        columns={COLUMNS}
        getRowId={(r) => String(r.id)}
        initialSort={{ id: 't65' }}
        printable
        minWidth={880}
        horizontalSpacing={6}
        emptyMessage={PROSPECT_MESSAGES.noData}
      />
    </Stack>
  );
}
