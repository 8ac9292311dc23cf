import * as contract from '@arc/contract';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import { staffSoaQuery, staffSoasQuery } from '../../api/staff-soa.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload, type UseDownload } from '../../ui/download.tsx';
import { formatInstantIn, formatViewerInstant } from '../../ui/viewer-time.ts';

const formatTime = (at: Date) => formatViewerInstant(at);

const COLUMNS: DataTableColumn<contract.StaffSoa>[] = [
  { id: 'agent', header: 'Agent', value: (soa) => `${soa.agent.name} (${soa.agent.npn})` },
  { id: 'beneficiary', header: 'Beneficiary', value: (soa) => soa.beneficiaryName },
  {
    id: 'appointment',
    header: 'Appointment',
    value: (soa) => soa.current.appointmentAt,
    cell: (soa) => formatInstantIn(soa.current.appointmentAt, soa.current.appointmentTimeZone),
  },
  { id: 'status', header: 'Status', value: (soa) => soa.current.status, width: 100 },
  { id: 'version', header: 'Version', value: (soa) => soa.current.version, width: 80 },
  {
    id: 'flags',
    header: 'Flags',
    value: (soa) => soa.current.flags.map((flag) => contract.SOA_FLAG_LABELS[flag]).join('; '),
    sortable: false,
  },
];

/**
 * `/staff/soa` (support and admin): Scope of Appointment records looked up by the agent's NPN or the beneficiary's
 * name or e-mail for an audit; each opened to its versions, with the signed PDFs (reading one is audited).
 */
export default function StaffSoaPage() {
  const [params, setParams] = useSearchParams();
  const filters = { npn: params.get('npn') ?? '', beneficiary: params.get('beneficiary') ?? '' };
  const hasFilter = filters.npn !== '' || filters.beneficiary !== '';
  const results = useQuery({ ...staffSoasQuery(filters), enabled: hasFilter });
  const download = useDownload();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: filters,
    validate: schemaResolver(contract.StaffSoaQuerySchema, { sync: true }),
  });

  return (
    <Stack gap="lg">
      <Title order={1}>Scope of Appointment</Title>
      <Paper p="md" withBorder>
        <form
          onSubmit={form.onSubmit((values) =>
            setParams(Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''))),
          )}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Agent NPN" key={form.key('npn')} {...form.getInputProps('npn')} />
              <TextInput
                label="Beneficiary (name or e-mail)"
                key={form.key('beneficiary')}
                {...form.getInputProps('beneficiary')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit">Look up</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {hasFilter && (
        <Paper p="md">
          <DataTable
            caption={`SOAs (at most ${contract.STAFF_SOA_LIMIT})`}
            data={results.data}
            columns={COLUMNS}
            getRowId={(soa) => soa.id}
            isLoading={results.isFetching}
            error={results.isError ? errorMessage(results.error) : null}
            onRetry={() => void results.refetch()}
            emptyMessage="No SOA matches."
            renderExpanded={(soa) => <StaffSoaVersions id={soa.id} download={download} />}
            getRowLabel={(soa) => soa.beneficiaryName}
          />
        </Paper>
      )}
      {download.element}
    </Stack>
  );
}

function StaffSoaVersions({ id, download }: { id: string; download: UseDownload }) {
  const soa = useQuery(staffSoaQuery(id));
  if (soa.isPending) return <Loader size="sm" aria-label="Loading the SOA" />;
  if (soa.isError) return <Alert color="red">{errorMessage(soa.error)}</Alert>;
  return (
    <Stack gap="xs" py="xs">
      <Text size="sm">
        {[soa.data.email, soa.data.mobile].filter(Boolean).join(' · ')} ·{' '}
        {contract.SOA_LANGUAGE_LABELS[soa.data.language]}
      </Text>
      {soa.data.versions.map((version) => (
        <Group key={version.version} justify="space-between" wrap="wrap">
          <Text size="sm">
            Version {version.version} · {version.status} · rules {version.ruleSet} · appointment{' '}
            {formatInstantIn(version.appointmentAt, version.appointmentTimeZone)}
            {version.signedAt
              ? ` · signed ${formatTime(version.signedAt)} by ${version.signerName}${
                  version.signerRelationship ? ` (representative: ${version.signerRelationship})` : ''
                } · SHA-256 ${version.sha256}`
              : ''}
          </Text>
          {version.file && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              onClick={() =>
                void download.run((onProgress) =>
                  saveFile(contract.downloadStaffSoaPdf, {
                    token: staffAccessToken,
                    params: { id, version: version.version },
                    fileName: 'soa.pdf',
                    onProgress,
                  }),
                )
              }
            >
              PDF, version {version.version}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
