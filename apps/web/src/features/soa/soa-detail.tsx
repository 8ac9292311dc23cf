import {
  SOA_APPOINTMENT_KIND_LABELS,
  SOA_EXCEPTION_LABELS,
  SOA_PRODUCT_LABELS,
  SOA_TEXT,
  timeZoneName,
  type SoaException,
  type SoaVersion,
} from '@arc/contract';
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
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { soaQueries, useCancelSoa, useChangeSoa, useSoaLink } from '../../api/soa.ts';
import { handOverDevice } from '../../auth/hand-over.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { UseDownload } from '../../ui/download.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';
import {
  appointmentOf,
  appointmentText,
  EXCEPTION_OPTIONS,
  pastAppointmentError,
  waitNote,
} from './soa-appointment.ts';
import { SoaStatusBadge } from './soa-status.tsx';

/** An SOA opened in the list: every version (signed ones with their PDF) and what the agent may do next. */
export default function SoaDetailPanel({ id, download }: { id: string; download: UseDownload }) {
  const soa = useQuery(soaQueries.detail(id));
  const link = useSoaLink(id);
  const cancel = useCancelSoa(id);
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [isChanging, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (soa.isPending) return <Loader size="sm" aria-label="Loading the SOA" />;
  if (soa.isError)
    return (
      <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
        {errorMessage(soa.error)}
      </Alert>
    );
  const { current } = soa.data;
  const isCancelled = soa.data.cancelledAt !== null;
  const isUnsigned = current.signedAt === null && !isCancelled;
  const failure = link.error ?? cancel.error;

  return (
    <Stack gap="sm" py="xs">
      <Text size="sm">
        {[soa.data.email, soa.data.mobile].filter(Boolean).join(' · ')} ·{' '}
        {current.products.map((p) => SOA_PRODUCT_LABELS[p]).join(', ')}
      </Text>
      {soa.data.versions.map((version) => (
        <VersionLine key={version.version} version={version} download={download} />
      ))}
      {notice && (
        <Alert color="teal" role="status">
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
          {errorMessage(failure)}
        </Alert>
      )}
      {!isCancelled && (
        <Group gap="xs">
          {isUnsigned && soa.data.email && (
            <Button
              size="compact-sm"
              variant="light"
              loading={link.isPending && link.variables === 'email'}
              onClick={() =>
                link.mutate('email', { onSuccess: ({ sentTo }) => setNotice(sentTo ? SOA_TEXT.sentTo(sentTo) : null) })
              }
            >
              {SOA_TEXT.resend}
            </Button>
          )}
          {isUnsigned && (
            <Button
              size="compact-sm"
              variant="light"
              loading={link.isPending && link.variables === 'device'}
              // a window of its own for the beneficiary; this tab locks until the agent signs in again
              onClick={() => link.mutate('device', { onSuccess: ({ path }) => path && void handOverDevice(path) })}
            >
              {SOA_TEXT.signOnDevice}
            </Button>
          )}
          <Button size="compact-sm" variant="light" onClick={() => setChanging((open) => !open)}>
            {SOA_TEXT.change}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setCancelOpen(true)}>
            {SOA_TEXT.cancel}
          </Button>
        </Group>
      )}
      {isChanging && (
        <ChangeAppointment
          id={id}
          timeZone={current.appointmentTimeZone}
          onDone={() => {
            setChanging(false);
            setNotice(SOA_TEXT.changed);
          }}
        />
      )}
      <ConfirmDialog
        opened={isCancelOpen}
        title={SOA_TEXT.cancel}
        isDanger
        isLoading={cancel.isPending}
        confirmLabel={SOA_TEXT.cancel}
        cancelLabel="Keep it"
        onCancel={() => setCancelOpen(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setCancelOpen(false);
              setNotice(SOA_TEXT.cancelled);
            },
          })
        }
      >
        The link stops working. The SOA and its history are kept for ten years.
      </ConfirmDialog>
    </Stack>
  );
}

function VersionLine({ version, download }: { version: SoaVersion; download: UseDownload }) {
  const signedBy = version.signerName
    ? `Signed by ${version.signerName}${version.signerRelationship ? ` (representative: ${version.signerRelationship})` : ''}${
        version.signedAt ? ` on ${formatViewerInstant(version.signedAt)}` : ''
      }`
    : null;
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              Version {version.version}
            </Text>
            <SoaStatusBadge status={version.status} />
          </Group>
          <Text size="sm">
            {appointmentText(version.appointmentAt, version.appointmentTimeZone)} ·{' '}
            {SOA_APPOINTMENT_KIND_LABELS[version.appointmentKind]}
            {version.exceptionReason ? ` · Exception: ${SOA_EXCEPTION_LABELS[version.exceptionReason]}` : ''}
          </Text>
          {signedBy && <Text size="sm">{signedBy}</Text>}
          <Text size="sm">Requested: {version.products.map((p) => SOA_PRODUCT_LABELS[p]).join(', ')}</Text>
          {version.productsAgreed && (
            <Text size="sm">Agreed: {version.productsAgreed.map((p) => SOA_PRODUCT_LABELS[p]).join(', ')}</Text>
          )}
          {version.replacedAt && (
            <Text size="sm" c="dimmed">
              Replaced by version {version.version + 1} on {formatViewerInstant(version.replacedAt)}
            </Text>
          )}
        </Stack>
        {version.file && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            disabled={download.isDownloading}
            onClick={() => void download.downloadFile(version.file!)}
            aria-label={`${SOA_TEXT.download}, version ${version.version}`}
          >
            {SOA_TEXT.download}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** A new appointment date or exception: a new version with its own link; the old version stays as it is. */
function ChangeAppointment({ id, timeZone, onDone }: { id: string; timeZone: string; onDone: () => void }) {
  const change = useChangeSoa(id);
  // the new time is read in the zone the SOA was booked in
  const form = useForm({
    mode: 'controlled',
    initialValues: { date: '', time: '', exceptionReason: '' },
    validate: {
      date: (value, all) =>
        value ? pastAppointmentError(appointmentOf(value, all.time, timeZone)) : 'Enter the appointment date.',
      time: (value) => (value ? null : 'Enter the appointment time.'),
    },
  });
  const values = form.getValues();
  const at = appointmentOf(values.date, values.time, timeZone);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => {
        const at = appointmentOf(submitted.date, submitted.time, timeZone);
        if (!at) return;
        change.mutate(
          {
            appointmentAt: at.toISOString(),
            appointmentTimeZone: timeZone,
            exceptionReason: (submitted.exceptionReason || null) as SoaException | null,
          },
          { onSuccess: onDone },
        );
      })}
    >
      <Paper withBorder p="sm">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {SOA_TEXT.change}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="New appointment date" type="date" required {...form.getInputProps('date')} />
            <TextInput
              label="New appointment time"
              type="time"
              required
              description={`${timeZone}, ${timeZoneName(timeZone)}`}
              {...form.getInputProps('time')}
            />
            <NativeSelect
              label="Exception"
              data={EXCEPTION_OPTIONS}
              description={waitNote(at, timeZone)?.text}
              {...form.getInputProps('exceptionReason')}
            />
          </SimpleGrid>
          {change.isError && (
            <Alert color="red" role="alert" title="Error">
              {errorMessage(change.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="compact-md" loading={change.isPending}>
              Make new version
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
