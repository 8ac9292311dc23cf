import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { initialPlace, StateCountyPicker } from '../../ui/state-county-picker.tsx';
import { sampleStatements, type SampleStatement } from './sample-rows.ts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const COLUMNS: DataTableColumn<SampleStatement>[] = [
  { id: 'first', header: 'Agent First', value: (s) => s.first, searchable: true },
  { id: 'last', header: 'Agent Last', value: (s) => s.last, searchable: true },
  { id: 'carrier', header: 'Carrier', value: (s) => s.carrier, searchable: true },
  {
    id: 'date',
    header: 'Statement Date',
    value: (s) => s.date,
    cell: (s) => longDate.format(s.date),
    searchable: true,
    searchText: (s) => longDate.format(s.date),
  },
  { id: 'amount', header: 'Amount', value: (s) => s.amount, cell: (s) => money.format(s.amount), align: 'right' },
];

const TEN_THOUSAND = sampleStatements(10_000);
const SERVER_PAGE = 10;
const SERVER_ROWS = sampleStatements(35, 7);

/**
 * /ui-kit: an internal page (not in the menu) that shows the shared components on generated sample rows, so
 * the end-to-end suite and the bench can prove them in a browser before an area uses them.
 */
export default function UiKitPage() {
  const [loaded, setLoaded] = useState(SERVER_PAGE);
  const [place, setPlace] = useState(() => initialPlace());
  const [answer, setAnswer] = useState<string>('');
  const { confirm, dialog } = useConfirm();

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={1}>UI kit</Title>
        <Badge variant="light" color="gray">
          internal
        </Badge>
      </Group>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title="Sample data only">
        The shared components every area uses, shown on generated rows. Nothing here is an agent&apos;s data; the page
        is not in the menu.
      </Alert>

      <Paper p={{ base: 'sm', sm: 'lg' }}>
        <DataTable
          caption="Sample statements (10,000 rows)"
          phoneLayout="scroll"
          data={TEN_THOUSAND}
          columns={COLUMNS}
          getRowId={(s) => s.id}
          getRowLabel={(s) => `${s.first} ${s.last}, ${longDate.format(s.date)}`}
          renderExpanded={(s) => (
            <Text size="sm">
              Statement <Code>{s.id}</Code> from {s.carrier}, {money.format(s.amount)}.
            </Text>
          )}
          printable
        />
      </Paper>

      <Paper p={{ base: 'sm', sm: 'lg' }}>
        <DataTable
          caption="Server-paged list (10 at a time)"
          data={SERVER_ROWS.slice(0, loaded)}
          columns={COLUMNS}
          getRowId={(s) => s.id}
          initialSort={{ id: 'date', desc: true }}
          loadMore={{
            onLoadMore: () => setLoaded((count) => count + SERVER_PAGE),
            hasMore: loaded < SERVER_ROWS.length,
          }}
        />
      </Paper>

      <Paper p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h3" mb="md">
          State and county
        </Title>
        <StateCountyPicker value={place} onChange={setPlace} />
        <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
          {place.counties.length === 0
            ? `No county chosen in ${place.state}.`
            : `Chosen in ${place.state}: ${place.counties.map((c) => c.label).join(', ')}`}
        </Text>
      </Paper>

      <Paper p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h3" mb="md">
          Confirmation
        </Title>
        {dialog}
        <Group>
          <Button
            variant="default"
            onClick={async () => {
              const isConfirmed = await confirm({
                title: 'Notice',
                children: 'Data accuracy is not guaranteed. The USPS address tool is recommended.',
                confirmLabel: 'Continue',
              });
              setAnswer(isConfirmed ? 'Confirmed.' : 'Cancelled.');
            }}
          >
            Ask for confirmation
          </Button>
          <Text size="sm" aria-live="polite">
            {answer}
          </Text>
        </Group>
      </Paper>
    </Stack>
  );
}
