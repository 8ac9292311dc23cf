import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  TableScrollContainer,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { saveResponse } from '../../api/files.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { formatViewerInstant } from '../../ui/viewer-time.ts';
import { staffFetch, staffFileResponse } from './staff-api.ts';

// PDF.js and its worker come with the first PDF opened, never with the queue (docs/decisions/enrollments.md)
const StaffPdfViewer = lazy(() => import('./staff-pdf-viewer.tsx').then((m) => ({ default: m.StaffPdfViewer })));

/** How long ago, as a person says it: 45 min, 5 h, 3 d. */
export function ageOf(since: Date, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** The client's name as entered by staff, or a dash while nobody has read the form yet. */
export const clientName = (row: contract.StaffEnrollmentRow) =>
  [row.client.firstName, row.client.lastName].filter(Boolean).join(' ') || '—';

/** What the enrollment is called: its client, else its file. */
export const enrollmentTitle = (row: contract.StaffEnrollmentRow) =>
  `Enrollment: ${[row.client.firstName, row.client.lastName].filter(Boolean).join(' ') || row.fileName || row.id}`;

export const detailQuery = (id: string) => ({
  queryKey: ['staff', 'enrollments', 'detail', id],
  queryFn: () => staffFetch(contract.getStaffEnrollment, { params: { id } }),
  // the version shown is the one an action is sent with: it changes only on a reload or after an action here
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

/** The PDF's bytes with the staff token (the server audits each read); `attachment` saves it instead. */
const fetchPdf = (id: string, disposition: 'inline' | 'attachment') =>
  staffFileResponse(contract.getStaffEnrollmentFile, { params: { id }, query: { disposition } });

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
  const detail = useQuery({ ...detailQuery(id ?? ''), enabled: id !== null });
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
        <Fact label="Carrier" value={[row.carrier, row.product].filter(Boolean).join(' · ') || '—'} />
        <Fact label="Type" value={contract.ENROLLMENT_MODE_LABELS[row.mode]} />
      </SimpleGrid>
      {row.status === 'Pended' && row.reason && (
        <Alert color="orange" title="Pended: what is missing">
          {row.reason}
        </Alert>
      )}
      {canAct && <Actions row={row} />}
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
        {detail.log.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has been done with this enrollment yet.
          </Text>
        ) : (
          <TableScrollContainer minWidth={420}>
            <Table fz="sm" aria-label="Enrollment log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>What</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.log.map((entry, i) => (
                  <Table.Tr key={i}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatViewerInstant(entry.at)}</Table.Td>
                    <Table.Td>{entry.by}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollContainer>
        )}
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
    mutationFn: (action: contract.EnrollmentAction) =>
      staffFetch(contract.actOnStaffEnrollment, { params: { id: row.id }, body: { version: row.version, action } }),
    onSuccess: (detail, action) => {
      queryClient.setQueryData(detailQuery(row.id).queryKey, detail);
      setDone(`${contract.ENROLLMENT_ACTION_LABELS[action.kind]}: saved`);
      setPending(false);
      form.reset();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'enrollments', 'list'] }),
  });
  const run = (action: contract.EnrollmentAction) => {
    setDone(null);
    submit.mutate(action);
  };
  const onPend = form.onSubmit((values) => run(contract.EnrollmentActionSchema.parse(values)));

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Actions on this enrollment">
        {contract.ENROLLMENT_ACTIONS.map((kind) => (
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
      {isPending && (
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
      const response = await fetchPdf(id, 'inline');
      if (!response.ok) await saveResponse(response, name); // throws the server's message
      return response.arrayBuffer();
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const onDownload = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await saveResponse(await fetchPdf(id, 'attachment'), name);
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
