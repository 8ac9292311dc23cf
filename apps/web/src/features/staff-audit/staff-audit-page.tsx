import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import { staffAuditPagesQuery } from '../../api/staff-audit.ts';
import { currentStaffQuery, staffMay } from '../../api/staff-current.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload } from '../../ui/download.tsx';
import { formatViewerInstant, viewerTimeZone } from '../../ui/viewer-time.ts';

type Filters = Required<{ [K in keyof Omit<contract.FindAuditQuery, 'cursor'>]: string }>;
const FILTER_KEYS = ['agent', 'staff', 'action', 'from', 'to'] as const;

const filtersFrom = (params: URLSearchParams): Filters =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
/** The filters that are set, for the URL and the calls (an empty one is no filter). */
const setFilters = (filters: Filters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));

const formatTime = (at: Date) => formatViewerInstant(at, 'seconds');

/**
 * `/staff/audit`: the audit log, newest first, 50 rows at a time (Load more), filtered by agent, staff member,
 * action and days (kept in the URL); an admin exports the filtered rows as an `.xlsx` (docs/decisions/audit-log.md).
 */
export default function StaffAuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const me = useQuery(currentStaffQuery());
  const entries = useInfiniteQuery(staffAuditPagesQuery(setFilters(filters)));
  const download = useDownload();
  const rows = entries.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <Stack maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Audit log</Title>
        {staffMay(contract.exportAuditEntries, me.data?.role) && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={download.isDownloading}
            onClick={() =>
              void download.run((onProgress) =>
                saveFile(contract.exportAuditEntries, {
                  token: staffAccessToken,
                  query: setFilters(filters),
                  fileName: 'Audit log.xlsx',
                  onProgress,
                }),
              )
            }
          >
            Export .xlsx
          </Button>
        )}
      </Group>
      {/* a new form when the URL changes (back, forward): its fields show the filters in force */}
      <AuditFilters key={params.toString()} filters={filters} onApply={(next) => setParams(setFilters(next))} />
      {entries.isError ? (
        <Alert color="red" title="The audit log could not be loaded">
          {errorMessage(entries.error)}
        </Alert>
      ) : entries.isPending ? (
        <Loader aria-label="Loading" />
      ) : rows.length === 0 ? (
        <Text>No audit records match these filters.</Text>
      ) : (
        <>
          <DataTable
            caption="Audit log"
            hideCaption
            data={rows}
            getRowId={(row) => String(row.id)}
            paginate={false}
            minWidth={960}
            columns={AUDIT_COLUMNS}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {rows.length} {rows.length === 1 ? 'record' : 'records'} shown
              {entries.hasNextPage ? '' : ', all that match'} · times in {viewerTimeZone()}
            </Text>
            {entries.hasNextPage && (
              <Button
                variant="default"
                loading={entries.isFetchingNextPage}
                onClick={() => void entries.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </Group>
        </>
      )}
      {download.element}
    </Stack>
  );
}

function AuditFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const form = useForm<Filters>({
    mode: 'uncontrolled',
    initialValues: filters,
    validate: schemaResolver(contract.FindAuditQuerySchema, { sync: true }),
  });
  const clear = () => onApply({ agent: '', staff: '', action: '', from: '', to: '' });
  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit((values) => onApply(values))} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <TextInput
              label="Agent"
              description="NPN, name or e-mail"
              key={form.key('agent')}
              {...form.getInputProps('agent')}
            />
            <TextInput
              label="Staff member"
              description="E-mail"
              key={form.key('staff')}
              {...form.getInputProps('staff')}
            />
            <NativeSelect
              label="Action"
              description="What happened"
              data={[{ value: '', label: 'Any action' }, ...contract.AUDIT_ACTIONS]}
              key={form.key('action')}
              {...form.getInputProps('action')}
            />
            <TextInput
              type="date"
              label="From"
              description="This day on"
              key={form.key('from')}
              {...form.getInputProps('from')}
            />
            <TextInput
              type="date"
              label="To"
              description="Up to this day"
              key={form.key('to')}
              {...form.getInputProps('to')}
            />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">Apply filters</Button>
            <Button variant="subtle" onClick={clear}>
              Clear
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const AUDIT_COLUMNS: readonly DataTableColumn<contract.AuditEntry>[] = [
  { id: 'time', header: 'Time', noWrap: true, cell: (row) => formatTime(row.occurredAt) },
  { id: 'action', header: 'Action', noWrap: true, cell: (row) => row.action },
  {
    id: 'agent',
    header: 'Agent',
    cell: (row) => (row.agent ? (row.agent.npn ? `${row.agent.npn} · ${row.agent.name ?? ''}` : row.agent.id) : ''),
  },
  { id: 'staff', header: 'Staff', cell: (row) => <Anywhere>{row.staffEmail ?? ''}</Anywhere> },
  { id: 'subject', header: 'Subject', cell: (row) => <Anywhere maw={220}>{row.subject ?? ''}</Anywhere> },
  { id: 'ip', header: 'IP', cell: (row) => row.ip ?? '' },
  { id: 'detail', header: 'Detail', cell: (row) => <Anywhere maw={320}>{row.detail}</Anywhere> },
];

/** Long e-mails, subjects and details break anywhere rather than widen the table. */
const Anywhere = ({ maw, children }: { maw?: number; children: ReactNode }) => (
  <Text span inherit display="block" maw={maw} style={{ overflowWrap: 'anywhere' }}>
    {children}
  </Text>
);
