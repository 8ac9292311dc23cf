import * as contract from '@arc/contract';
import { Alert, Button, Drawer, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { fetchFile, saveFile } from '../../api/files.ts';
import { actOnStaffEnrollment, staffEnrollmentQuery, staffEnrollmentsListKey } from '../../api/staff-enrollments.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';
import { EnrollmentDataForm } from './enrollment-data-form.tsx';
import { ageOf, clientName, enrollmentTitle, panelActions } from './enrollment-row-text.ts';

// PDF.js and its worker come with the first PDF opened, never with the queue (docs/decisions/enrollments.md)
const StaffPdfViewer = lazy(() => import('./staff-pdf-viewer.tsx').then((m) => ({ default: m.StaffPdfViewer })));

const LOG_COLUMNS: readonly DataTableColumn<contract.StaffEnrollmentDetail['log'][number]>[] = [
  { id: 'when', header: 'When', noWrap: true, cell: (entry) => formatViewerInstant(entry.at) },
  { id: 'by', header: 'By', cell: (entry) => entry.by },
  { id: 'what', header: 'What', cell: (entry) => entry.action },
];

/** The PDF's request with the staff token (the server audits each read); `attachment` to save it instead. */
const pdfRequest = (id: string, name: string, disposition: 'inline' | 'attachment') => ({
  token: staffAccessToken,
  params: { id },
  query: { disposition },
  fileName: name,
});

export interface StaffEnrollmentPanelProps {
  /** the enrollment opened; null: closed */
  id: string | null;
  /** admin and operations act and read the PDF; support reads the rest (docs/decisions/enrollments.md) */
  canAct: boolean;
  onClose: () => void;
}

/**
 * One enrollment of the queue, beside it: its details, the PDF drawn in the page and downloadable, the actions
 * (Pend asks what is missing) and the log. An action is sent at the version shown when the panel opened; the
 * server's refusal (an illegal move, "changed by someone else") shows here.
 */
export function StaffEnrollmentPanel({ id, canAct, onClose }: StaffEnrollmentPanelProps) {
  const detail = useQuery({ ...staffEnrollmentQuery(id ?? ''), enabled: id !== null });
  const row = detail.data?.enrollment;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={row ? enrollmentTitle(row) : 'Enrollment'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isError && (
        <Alert color="red" role="alert">
          {errorMessage(detail.error)}
        </Alert>
      )}
      {detail.isPending && id !== null && <Loader aria-label="Loading the enrollment" />}
      {row && detail.data && <PanelBody key={row.id} detail={detail.data} canAct={canAct} />}
    </Drawer>
  );
}

function PanelBody({ detail, canAct }: { detail: contract.StaffEnrollmentDetail; canAct: boolean }) {
  const row = detail.enrollment;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
        <Fact label="Status" value={contract.ENROLLMENT_STATUS_LABELS[row.status]} strong />
        <Fact label="Uploaded" value={`${formatViewerInstant(row.receivedAt)} (${ageOf(row.receivedAt)} ago)`} />
        <Fact label="Agent" value={`${row.agent.firstName} ${row.agent.lastName}, NPN ${row.agent.npn}`} />
        <Fact label="Client" value={`${clientName(row)}${row.client.state ? `, ${row.client.state}` : ''}`} />
        <Fact label="Carrier" value={row.carrier ?? '—'} />
        <Fact
          label="Plan"
          value={[row.product, row.planId ? `(${row.planId})` : null].filter(Boolean).join(' ') || '—'}
        />
        <Fact label="Product type" value={row.productType ? contract.SOA_PRODUCT_LABELS[row.productType] : '—'} />
        <Fact label="Effective" value={row.effectiveDate ?? '—'} />
        <Fact label="Application number" value={row.applicationNumber ?? '—'} />
        <Fact label="Type" value={contract.ENROLLMENT_MODE_LABELS[row.mode]} />
      </SimpleGrid>
      {row.scopeFlag && (
        <Alert color="yellow" title="SOA scope">
          {row.scopeFlag}
        </Alert>
      )}
      {row.status === 'Pended' && row.reason && (
        <Alert color="orange" title="Pended: what is missing">
          {row.reason}
        </Alert>
      )}
      {canAct && <Actions row={row} />}
      {canAct && <EnrollmentDataForm row={row} />}
      {canAct && row.fileName ? (
        <PdfSection id={row.id} name={row.fileName} />
      ) : (
        <Text size="sm" c="dimmed">
          {row.fileName ? `File: ${row.fileName}` : contract.STAFF_ENROLLMENT_MESSAGES.noFile}
        </Text>
      )}
      <Stack gap={4}>
        <Title order={3} size="h5">
          Log
        </Title>
        <DataTable
          caption="Enrollment log"
          hideCaption
          data={detail.log}
          getRowId={(entry) => `${entry.at.toISOString()} ${entry.by} ${entry.action}`}
          paginate={false}
          minWidth={420}
          emptyMessage="Nothing has been done with this enrollment yet."
          columns={LOG_COLUMNS}
        />
      </Stack>
    </Stack>
  );
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function Actions({ row }: { row: contract.StaffEnrollmentRow }) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { kind: 'pend' as const, reason: '' },
    validate: schemaResolver(contract.EnrollmentActionSchema, { sync: true }),
  });
  const submit = useSubmit({
    mutationFn: (action: contract.EnrollmentAction) => actOnStaffEnrollment(row, action),
    onSuccess: (detail, action) => {
      queryClient.setQueryData(staffEnrollmentQuery(row.id).queryKey, detail);
      setDone(`${contract.ENROLLMENT_ACTION_LABELS[action.kind]}: saved`);
      setPending(false);
      form.reset();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffEnrollmentsListKey }),
  });
  const run = (action: contract.EnrollmentAction) => {
    setDone(null);
    submit.mutate(action);
  };
  const onPend = form.onSubmit((values) => run(contract.EnrollmentActionSchema.parse(values)));
  const offered = panelActions(row.status);

  return (
    <Stack gap="xs">
      {offered.work.length === 0 && offered.outcome.length === 0 && (
        <Text size="sm" c="dimmed">
          {contract.ENROLLMENT_STATUS_LABELS[row.status]} is final: no action is left on this enrollment.
        </Text>
      )}
      {offered.work.length > 0 && (
        <Group gap="xs" wrap="wrap" role="group" aria-label="Actions on this enrollment">
          {offered.work.map((kind) => (
            <Button
              key={kind}
              size="xs"
              variant="default"
              disabled={submit.isPending}
              aria-expanded={kind === 'pend' ? isPending : undefined}
              onClick={() => {
                if (kind === 'pend') {
                  submit.reset();
                  setDone(null);
                  setPending((open) => !open);
                } else run({ kind });
              }}
            >
              {contract.ENROLLMENT_ACTION_LABELS[kind]}
            </Button>
          ))}
        </Group>
      )}
      {offered.outcome.length > 0 && (
        <Group gap="xs" wrap="wrap" role="group" aria-label="Record the outcome">
          <Text size="sm" fw={600} component="span">
            Outcome:
          </Text>
          {offered.outcome.map((kind) => (
            <Button key={kind} size="xs" variant="default" disabled={submit.isPending} onClick={() => run({ kind })}>
              {contract.ENROLLMENT_ACTION_LABELS[kind]}
            </Button>
          ))}
        </Group>
      )}
      {isPending && offered.work.includes('pend') && (
        <form onSubmit={onPend} noValidate>
          <Stack gap="xs">
            <Textarea
              label="Reason"
              description="What is missing: the agent reads it on their Enrollment Upload page."
              required
              autosize
              minRows={2}
              maxLength={contract.PEND_REASON_MAX}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={submit.isPending}>
                Pend the enrollment
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {submit.isError && (
        <Alert color="red" role="alert">
          {errorMessage(submit.error)}
        </Alert>
      )}
      {done && (
        <Alert color="green" role="status">
          {done}
        </Alert>
      )}
    </Stack>
  );
}

function PdfSection({ id, name }: { id: string; name: string }) {
  const [isSaving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const pdf = useQuery({
    queryKey: ['staff', 'enrollments', 'file', id],
    queryFn: async () => {
      const { blob } = await fetchFile(contract.getStaffEnrollmentFile, pdfRequest(id, name, 'inline'));
      return blob.arrayBuffer();
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const onDownload = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await saveFile(contract.getStaffEnrollmentFile, pdfRequest(id, name, 'attachment'));
    } catch (err) {
      setSaveError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Button size="xs" variant="default" loading={isSaving} onClick={() => void onDownload()}>
          Download PDF
        </Button>
      </Group>
      {saveError && (
        <Alert color="red" role="alert">
          {saveError}
        </Alert>
      )}
      {pdf.isError && (
        <Alert color="red" role="alert">
          {errorMessage(pdf.error)}
        </Alert>
      )}
      {pdf.isPending && <Loader size="sm" aria-label="Loading the PDF" />}
      {pdf.data && (
        <Suspense fallback={<Loader size="sm" aria-label="Opening the PDF" />}>
          <StaffPdfViewer bytes={pdf.data} name={name} />
        </Suspense>
      )}
    </Stack>
  );
}
