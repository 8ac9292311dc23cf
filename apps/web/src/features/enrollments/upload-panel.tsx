import '@mantine/dropzone/styles.css';
import {
  ENROLLMENT_MAX_BYTES,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_MODE_LABELS,
  ENROLLMENT_UPLOAD_TEXT_MAX,
  EnrollmentModeSchema,
  type EnrollmentMode,
} from '@arc/contract';
import { Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { UploadClientPicker, type UploadClient } from './upload-client-picker.tsx';
import { rejectionMessage } from './upload-list.ts';
import type { UploadChoice, Uploads } from './use-uploads.ts';

const PDF_ACCEPT = { 'application/pdf': ['.pdf'] };

/**
 * The client the enrollment is for (issue 46), the carrier and plan if known, the New Enrollment / Pended Enrollment
 * radio and the drop area; what is chosen goes with every file. Files can be dropped once a client is named.
 */
export function UploadPanel({ uploads, id }: { uploads: Uploads; id: string }) {
  const [mode, setMode] = useState<EnrollmentMode>('newapp');
  const [client, setClient] = useState<UploadClient | null>(null);
  const [carrier, setCarrier] = useState('');
  const [plan, setPlan] = useState('');
  const openRef = useRef<() => void>(null);
  const choice = (): UploadChoice => ({ mode, clientId: client?.id ?? '', carrier, plan });

  const onDrop = (accepted: File[]) => uploads.add(accepted, [], choice());
  const onReject = (rejections: FileRejection[]) =>
    uploads.add(
      [],
      rejections.map(({ file, errors }) => ({
        file,
        message: rejectionMessage(
          errors.map((e) => e.code),
          file,
        ),
      })),
      choice(),
    );

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} id={id}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Upload Enrollment
        </Title>
        <UploadClientPicker value={client} onChange={setClient} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Carrier (optional)"
            maxLength={ENROLLMENT_UPLOAD_TEXT_MAX}
            value={carrier}
            onChange={(event) => setCarrier(event.currentTarget.value)}
          />
          <TextInput
            label="Plan (optional)"
            description="Its name or its id, like H1234-001"
            maxLength={ENROLLMENT_UPLOAD_TEXT_MAX}
            value={plan}
            onChange={(event) => setPlan(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Radio.Group
          label="Enrollment type"
          value={mode}
          onChange={(value) => setMode(z.catch(EnrollmentModeSchema, 'newapp').parse(value))}
        >
          <Group mt="xs" gap="lg">
            {EnrollmentModeSchema.options.map((value) => (
              <Radio key={value} value={value} label={ENROLLMENT_MODE_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Dropzone
          onDrop={onDrop}
          onReject={onReject}
          accept={PDF_ACCEPT}
          maxSize={ENROLLMENT_MAX_BYTES}
          multiple
          openRef={openRef}
          activateOnClick={false}
          disabled={!client}
          aria-label="Enrollment PDF drop area"
          inputProps={{ 'aria-label': 'Enrollment PDF files' }}
        >
          <Stack align="center" gap="xs" py="lg" ta="center" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={40} aria-hidden="true" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} aria-hidden="true" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileTypePdf size={40} aria-hidden="true" />
            </Dropzone.Idle>
            <Text fw={600}>
              {client ? `Drag ${client.name}’s enrollment PDFs here` : ENROLLMENT_MESSAGES.needsClient}
            </Text>
            <Text size="sm" c="dimmed">
              PDF only, up to 100 MB each. Several files may be added at once.
            </Text>
          </Stack>
        </Dropzone>
        <Button
          variant="light"
          onClick={() => openRef.current?.()}
          disabled={!client}
          w="fit-content"
          leftSection={<IconUpload size={16} aria-hidden="true" />}
        >
          Choose files
        </Button>
      </Stack>
    </Paper>
  );
}
