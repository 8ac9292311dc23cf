import * as contract from '@arc/contract';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import {
  formatTermsTime,
  staffTermsVersionsQuery,
  TERMS_STATUS_COLORS,
  TERMS_STATUS_LABELS,
  termsAcceptancesQuery,
} from '../../api/staff-terms.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { STAFF_PAGES } from '../../staff/staff-paths.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload } from '../../ui/download.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';
import { NotAcceptedPanel } from './not-accepted-panel.tsx';

const VERSION_COLUMNS: readonly DataTableColumn<contract.StaffTermsVersion>[] = [
  {
    id: 'version',
    header: 'Version',
    cell: (row) => (
      <>
        <Anchor component={Link} to={STAFF_PAGES.termsVersion(row.id)} fw={600}>
          Version {row.id}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.title}
        </Text>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    noWrap: true,
    cell: (row) => (
      <Badge color={TERMS_STATUS_COLORS[row.status]} variant="filled">
        {TERMS_STATUS_LABELS[row.status]}
      </Badge>
    ),
  },
  { id: 'effective', header: 'Effective', noWrap: true, cell: (row) => formatTermsTime(row.effectiveAt) },
  {
    id: 'published',
    header: 'Published',
    cell: (row) =>
      row.publishedAt ? (
        <>
          {formatTermsTime(row.publishedAt)}
          <Text size="xs" c="dimmed">
            {row.publishedBy ?? ''}
          </Text>
        </>
      ) : row.status === 'draft' ? (
        '—'
      ) : (
        'Before the back office'
      ),
  },
  { id: 'acceptances', header: 'Accepted by', noWrap: true, cell: (row) => row.acceptances.toLocaleString('en-US') },
];

const ACCEPTANCE_COLUMNS: readonly DataTableColumn<contract.TermsAcceptanceRow>[] = [
  { id: 'npn', header: 'NPN', noWrap: true, cell: (row) => row.npn },
  { id: 'name', header: 'Agent', cell: (row) => row.name },
  { id: 'version', header: 'Version', noWrap: true, cell: (row) => row.version },
  { id: 'accepted', header: 'Accepted', noWrap: true, cell: (row) => formatTermsTime(row.acceptedAt) },
];

/** The acceptance history: who accepted which version when, one version or all, and its export. */
function AcceptanceHistory({ versions }: { versions: contract.StaffTermsVersion[] | undefined }) {
  const queue = useQueueState(contract.TermsAcceptancesQuerySchema);
  const search = { version: queue.query.version, page: queue.query.page };
  const history = useQuery(termsAcceptancesQuery(search));
  const download = useDownload();
  return (
    <Stack gap="sm">
      <Group justify="flex-end" align="flex-end" gap="sm">
        <NativeSelect
          label="Version"
          w={200}
          data={[
            { value: '', label: 'All versions' },
            ...(versions ?? [])
              .filter((row) => row.status !== 'draft')
              .map((row) => ({ value: String(row.id), label: `Version ${row.id}` })),
            ...(search.version && !versions
              ? [{ value: String(search.version), label: `Version ${search.version}` }]
              : []),
          ]}
          value={queue.filter('version')}
          onChange={(event) => queue.setFilter('version', event.currentTarget.value)}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isDownloading}
          onClick={() =>
            void download.run((onProgress) =>
              saveFile(contract.exportTermsAcceptances, {
                token: staffAccessToken,
                query: { version: search.version },
                fileName: contract.termsAcceptancesFileName(search.version),
                onProgress,
              }),
            )
          }
        >
          Export .xlsx
        </Button>
      </Group>
      <DataTable
        caption="Acceptance history"
        hideCaption
        columns={ACCEPTANCE_COLUMNS}
        data={history.data?.rows}
        getRowId={(row) => `${row.version}-${row.npn}`}
        server={{
          total: history.data?.total ?? 0,
          page: search.page,
          pageSize: history.data?.pageSize ?? contract.TERMS_ACCEPTANCES_PAGE_SIZE,
          onPageChange: queue.setPage,
        }}
        isLoading={history.isFetching}
        error={history.isError ? errorMessage(history.error) : null}
        onRetry={() => void history.refetch()}
        emptyMessage="No agent has accepted this version yet."
        minWidth={600}
      />
      {download.element}
    </Stack>
  );
}

/** The URL parameter naming the list below the versions; each list keeps its own search, page and selection. */
const LIST = 'list';
const NOT_ACCEPTED = 'not-accepted';

/**
 * `/staff/terms`: the terms versions (draft, scheduled, published, superseded), who accepted which when, and who has
 * not accepted the version in force (`?list=not-accepted`).
 */
export default function StaffTermsPage() {
  const versions = useQuery(staffTermsVersionsQuery());
  const [params, setParams] = useSearchParams();
  const list = params.get(LIST) === NOT_ACCEPTED ? NOT_ACCEPTED : 'history';
  const rows = versions.data?.versions;

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Terms versions</Title>
        <Button component={Link} to={STAFF_PAGES.newTermsVersion} leftSection={<IconPlus size={16} aria-hidden />}>
          New draft
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        From a version’s effective moment, every agent must accept it before anything else in the portal.
      </Text>
      <DataTable
        caption="Terms versions"
        hideCaption
        columns={VERSION_COLUMNS}
        data={rows}
        getRowId={(row) => String(row.id)}
        paginate={false}
        isLoading={versions.isFetching}
        error={versions.isError ? errorMessage(versions.error) : null}
        onRetry={() => void versions.refetch()}
        emptyMessage="No terms version yet."
        minWidth={760}
      />

      <Tabs
        mt="lg"
        value={list}
        keepMounted={false}
        // another list: its own search, page and selection (the URL keeps only which list)
        onChange={(value) => setParams(value === NOT_ACCEPTED ? { [LIST]: NOT_ACCEPTED } : {})}
      >
        <Tabs.List>
          <Tabs.Tab value="history">Acceptance history</Tabs.Tab>
          <Tabs.Tab value={NOT_ACCEPTED}>Not accepted</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history" pt="md">
          <AcceptanceHistory versions={rows} />
        </Tabs.Panel>
        <Tabs.Panel value={NOT_ACCEPTED} pt="md">
          <NotAcceptedPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
