import {
  CLIENT_LANGUAGE_LABELS,
  CLIENT_LANGUAGES,
  CLIENT_STATUSES,
  CLIENT_TEXT,
  clientPaths,
  type Client,
  type ClientLanguage,
  type ClientStatus,
  type FindClientsQuery,
} from '@arc/contract';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { clientQueries, downloadClientExport } from '../../api/clients.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload } from '../../ui/download.tsx';

// opened with a click: loads then
const ClientForm = lazy(() => import('./client-form.tsx'));
// /clients/:id, this screen's other address
const ClientDetailView = lazy(() => import('./client-detail.tsx'));

const birthDateText = (iso: string | null) => {
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
};

const COLUMNS: DataTableColumn<Client>[] = [
  {
    id: 'name',
    header: 'Name',
    value: (c) => `${c.lastName}, ${c.firstName}`,
    cell: (c) => (
      <Anchor component={Link} to={clientPaths.detail(c.id)} fw={600}>
        {c.lastName}, {c.firstName}
      </Anchor>
    ),
  },
  {
    id: 'birthDate',
    header: 'Date of birth',
    value: (c) => c.birthDate ?? '',
    cell: (c) => birthDateText(c.birthDate),
  },
  { id: 'phone', header: 'Phone', value: (c) => c.phone, noWrap: true },
  { id: 'email', header: 'E-mail', value: (c) => c.email },
  { id: 'county', header: 'County', value: (c) => [c.county, c.state].filter(Boolean).join(', ') },
  { id: 'mbi', header: 'MBI', value: (c) => c.mbiMasked, noWrap: true, sortable: false },
  { id: 'status', header: 'Status', value: (c) => c.status, width: 100 },
];

/**
 * /clients — the agent's book of business (issue 46): search by name, phone, e-mail or the MBI's last 4 (on the
 * server, over every client), filters, New client (by hand or from an SOA), Export .xlsx of what the filters show.
 */
export default function ClientsPage() {
  const { id } = useParams();
  if (id) {
    return (
      <Suspense fallback={<Loader aria-label="Loading the client" />}>
        <ClientDetailView key={id} id={id} />
      </Suspense>
    );
  }
  return <ClientList />;
}

function ClientList() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [county, setCounty] = useState('');
  const [language, setLanguage] = useState('');
  const [status, setStatus] = useState('');
  const [isTurning65, setTurning65] = useState(false);
  const [isFormOpen, setFormOpen] = useState(false);
  const [debouncedQ] = useDebouncedValue(q.trim(), 300);
  const filter: FindClientsQuery = useMemo(
    () => ({
      q: debouncedQ,
      county,
      language: language as ClientLanguage | '',
      status: status as ClientStatus | '',
      turning65: isTurning65 ? 'true' : '',
    }),
    [debouncedQ, county, language, status, isTurning65],
  );
  const clients = useInfiniteQuery(clientQueries.find(filter));
  const rows = useMemo(() => clients.data?.pages.flatMap((page) => page.rows), [clients.data]);
  const counties = clients.data?.pages[0]?.counties ?? [];
  const download = useDownload();
  const isFiltered = Object.values(filter).some(Boolean);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{CLIENT_TEXT.pageTitle}</Title>
        {!isFormOpen && <Button onClick={() => setFormOpen(true)}>{CLIENT_TEXT.newClient}</Button>}
      </Group>
      {isFormOpen && (
        <Suspense fallback={null}>
          <ClientForm
            onCancel={() => setFormOpen(false)}
            onSaved={(client) => void navigate(clientPaths.detail(client.id))}
          />
        </Suspense>
      )}
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput
              label="Search"
              description={CLIENT_TEXT.search}
              type="search"
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
            />
            <NativeSelect
              label="County"
              value={county}
              onChange={(event) => setCounty(event.currentTarget.value)}
              data={[{ value: '', label: 'All counties' }, ...counties.map((c) => ({ value: c, label: c }))]}
            />
            <NativeSelect
              label="Language"
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value)}
              data={[
                { value: '', label: 'All languages' },
                ...CLIENT_LANGUAGES.map((value) => ({ value, label: CLIENT_LANGUAGE_LABELS[value] })),
              ]}
            />
            <NativeSelect
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
              data={[
                { value: '', label: 'All statuses' },
                ...CLIENT_STATUSES.map((value) => ({ value, label: value })),
              ]}
            />
          </SimpleGrid>
          <Checkbox
            label={CLIENT_TEXT.turning65}
            checked={isTurning65}
            onChange={(event) => setTurning65(event.currentTarget.checked)}
          />
          <DataTable
            caption={CLIENT_TEXT.tableTitle}
            hideCaption
            data={rows}
            columns={COLUMNS}
            getRowId={(c) => c.id}
            isLoading={clients.isFetching && !clients.isFetchingNextPage}
            error={clients.isError ? 'The clients could not be loaded.' : null}
            onRetry={() => void clients.refetch()}
            emptyMessage={isFiltered ? CLIENT_TEXT.noMatch : CLIENT_TEXT.empty}
            initialPageSize={25}
            getRowLabel={(c) => `${c.firstName} ${c.lastName}`}
            toolbar={
              <Button
                variant="default"
                disabled={download.isDownloading}
                onClick={() => void download.run(() => downloadClientExport(filter))}
              >
                {CLIENT_TEXT.export}
              </Button>
            }
            loadMore={{
              onLoadMore: () => void clients.fetchNextPage(),
              hasMore: clients.hasNextPage,
              isLoading: clients.isFetchingNextPage,
            }}
          />
        </Stack>
      </Paper>
      {download.element}
    </Stack>
  );
}
