import '@mantine/dropzone/styles.css';
import { ENROLLMENT_MAX_BYTES, ENROLLMENT_MODE_LABELS, EnrollmentModeSchema, type EnrollmentMode } from '@arc/contract';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { rejectionMessage } from './upload-list.ts';
import type { Uploads } from './use-uploads.ts';

const PDF_ACCEPT = { 'application/pdf': ['.pdf'] };

/** The New Enrollment / Pended Enrollment radio and the drop area; the chosen mode goes with every file. */
export function UploadPanel({ uploads, id }: { uploads: Uploads; id: string }) {
  const [mode, setMode] = useState<EnrollmentMode>('newapp');
  const openRef = useRef<() => void>(null);

  const onDrop = (accepted: File[]) => uploads.add(accepted, [], mode);
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
      mode,
    );

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} id={id}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Upload Enrollment
        </Title>
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
            <Text fw={600}>Drag enrollment PDFs here</Text>
            <Text size="sm" c="dimmed">
              PDF only, up to 100 MB each. Several files may be added at once.
            </Text>
          </Stack>
        </Dropzone>
        <Button
          variant="light"
          onClick={() => openRef.current?.()}
          w="fit-content"
          leftSection={<IconUpload size={16} aria-hidden="true" />}
        >
          Choose files
        </Button>
      </Stack>
    </Paper>
  );
}
