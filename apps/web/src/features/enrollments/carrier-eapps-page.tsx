import { EAPP_DIRECTORY_TEXT, type CarrierEApp } from '@arc/contract';
import { Anchor, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { destinationsQuery } from '../../api/content.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';

const COLUMNS: DataTableColumn<CarrierEApp>[] = [
  { id: 'carrier', header: EAPP_DIRECTORY_TEXT.carrier, value: (c) => c.carrier, searchable: true },
  { id: 'products', header: EAPP_DIRECTORY_TEXT.products, value: (c) => c.products, searchable: true },
  {
    id: 'link',
    header: EAPP_DIRECTORY_TEXT.link,
    sortable: false,
    value: (c) => c.href,
    cell: (c) => (
      <Anchor href={c.href} target="_blank" rel="noopener noreferrer" fw={600}>
        Start a {c.carrier} e-application
        <IconExternalLink size={14} aria-hidden="true" style={{ marginLeft: 4, verticalAlign: 'middle' }} />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
    ),
  },
];

/**
 * /enrollments/carrier-eapps: each carrier's own electronic application, from the server's content file
 * (GET /arc/content/destinations, docs/decisions/information-pages.md). Linked from Enrollment Upload and Final
 * Expense.
 */
export default function CarrierEAppsPage() {
  const destinations = useQuery(destinationsQuery);
  return (
    <Stack gap="lg">
      <Title order={1}>{EAPP_DIRECTORY_TEXT.title}</Title>
      <Text maw={780}>{EAPP_DIRECTORY_TEXT.intro}</Text>
      <DataTable
        caption="Carrier e-applications"
        hideCaption
        data={destinations.data?.carrierEApps}
        columns={COLUMNS}
        getRowId={(c) => c.carrier}
        initialSort={{ id: 'carrier' }}
        paginate={false}
        isLoading={destinations.isPending}
        error={destinations.isError ? EAPP_DIRECTORY_TEXT.failed : null}
        onRetry={() => void destinations.refetch()}
        minWidth={560}
      />
    </Stack>
  );
}
