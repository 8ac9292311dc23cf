import {
  SOA_APPOINTMENT_KIND_LABELS,
  SOA_FLAG_LABELS,
  SOA_PRODUCT_LABELS,
  SOA_TEXT,
  type Soa,
  type SoaLink,
} from '@arc/contract';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { downloadSoaExport, soaQueries } from '../../api/soa.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload, type UseDownload } from '../../ui/download.tsx';
import { appointmentText } from './soa-appointment.ts';
import { SoaStatusBadge } from './soa-status.tsx';

// opened with a click: each loads then
const SoaRequestForm = lazy(() => import('./soa-request-form.tsx'));
const SoaDetailPanel = lazy(() => import('./soa-detail.tsx'));

const COLUMNS: DataTableColumn<Soa>[] = [
  { id: 'beneficiary', header: 'Beneficiary', value: (soa) => soa.beneficiaryName, searchable: true },
  {
    id: 'appointment',
    header: 'Appointment',
    value: (soa) => soa.current.appointmentAt,
    cell: (soa) => (
      <>
        {appointmentText(soa.current.appointmentAt, soa.current.appointmentTimeZone)}
        <Text size="xs" c="gray.7" component="span" display="block">
          {SOA_APPOINTMENT_KIND_LABELS[soa.current.appointmentKind]}
        </Text>
      </>
    ),
  },
  {
    id: 'products',
    header: 'Products',
    value: (soa) => soa.current.products.map((p) => SOA_PRODUCT_LABELS[p]).join(', '),
    // requested, and once signed what the beneficiary agreed to (issue 45)
    cell: (soa) => (
      <>
        {soa.current.products.map((p) => SOA_PRODUCT_LABELS[p]).join(', ')}
        {soa.current.productsAgreed && (
          <Text size="xs" component="span" display="block">
            Agreed: {soa.current.productsAgreed.map((p) => SOA_PRODUCT_LABELS[p]).join(', ')}
          </Text>
        )}
      </>
    ),
    sortable: false,
  },
  {
    id: 'status',
    header: 'Status',
    value: (soa) => soa.current.status,
    cell: (soa) => <SoaStatusBadge status={soa.current.status} />,
    width: 110,
  },
  {
    id: 'flags',
    header: 'Flags',
    value: (soa) => soa.current.flags.map((flag) => SOA_FLAG_LABELS[flag]).join('; '),
    cell: (soa) =>
      soa.current.flags.map((flag) => (
        // red.9, not orange.9: readable on a striped row (axe's contrast check)
        <Text key={flag} size="sm" c="red.9" fw={600}>
          {SOA_FLAG_LABELS[flag]}
        </Text>
      )),
    sortable: false,
  },
];

/**
 * /soa — the agent's Scope of Appointment requests (issue 34, docs/decisions/soa-and-ready-to-sell.md): New SOA request
 * sends the beneficiary a single-use signing link; the list keeps unsigned ones with a near appointment first (the
 * server's order), each opened to its versions, signed PDFs and actions; Export .xlsx.
 */
export default function SoaPage() {
  const soas = useQuery(soaQueries.list());
  const download = useDownload();
  const [isFormOpen, setFormOpen] = useState(false);
  const [sent, setSent] = useState<SoaLink | null>(null);
  const { downloadFile, run, isDownloading } = download;
  const panelDownload: UseDownload = useMemo(
    () => ({ downloadFile, run, isDownloading, element: null }),
    [downloadFile, run, isDownloading],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{SOA_TEXT.pageTitle}</Title>
        {!isFormOpen && (
          <Button
            onClick={() => {
              setSent(null);
              setFormOpen(true);
            }}
          >
            {SOA_TEXT.newRequest}
          </Button>
        )}
      </Group>
      {sent && (
        <Alert color="teal" role="status" withCloseButton onClose={() => setSent(null)} closeButtonLabel="Dismiss">
          {sent.sentTo ? SOA_TEXT.sentTo(sent.sentTo) : SOA_TEXT.noEmail}
        </Alert>
      )}
      {isFormOpen && (
        <Suspense fallback={null}>
          <SoaRequestForm
            onClose={() => setFormOpen(false)}
            onSent={(link) => {
              setFormOpen(false);
              setSent(link);
            }}
          />
        </Suspense>
      )}
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <DataTable
          caption={SOA_TEXT.tableTitle}
          data={soas.data}
          columns={COLUMNS}
          getRowId={(soa) => soa.id}
          isLoading={soas.isFetching}
          error={soas.isError ? 'The SOA requests could not be loaded.' : null}
          onRetry={() => void soas.refetch()}
          emptyMessage={SOA_TEXT.empty}
          initialPageSize={25}
          renderExpanded={(soa) => (
            <Suspense fallback={<Loader size="sm" aria-label="Loading the SOA" />}>
              <SoaDetailPanel id={soa.id} download={panelDownload} />
            </Suspense>
          )}
          getRowLabel={(soa) => soa.beneficiaryName}
          toolbar={
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              disabled={isDownloading}
              onClick={() => void run(downloadSoaExport)}
            >
              {SOA_TEXT.export}
            </Button>
          }
        />
      </Paper>
      {download.element}
    </Stack>
  );
}
