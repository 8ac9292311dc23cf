import { EAPP_DIRECTORY_TEXT, ENROLLMENT_MESSAGES } from '@arc/contract';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { downloadEnrollmentsExport, enrollmentsQueries } from '../../api/enrollments.ts';
import { track } from '../../api/telemetry.ts';
import { paths } from '../../paths.ts';
import { useDownload } from '../../ui/download.tsx';
import { ClientEnrollmentsTable, PendedEnrollmentsTable } from './enrollment-tables.tsx';
import { UploadStatus } from './upload-status.tsx';
import { useUploads } from './use-uploads.ts';

// The upload panel (the drop zone) is a large part of the screen: its code loads when the panel opens (React.lazy,
// apps/web/README.md "Loading").
const UploadPanel = lazy(() => import('./upload-panel.tsx').then((m) => ({ default: m.UploadPanel })));

const PANEL_ID = 'enrollment-upload-panel';

/** /enrollments: upload enrollment PDFs, follow their upload, and see the pended and all client enrollments. */
export default function EnrollmentsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(enrollmentsQueries.list());
  const [isPanelOpen, setPanelOpen] = useState(false);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: enrollmentsQueries.all() }),
    [queryClient],
  );
  const uploads = useUploads(refresh);
  const downloads = useDownload();

  useEffect(() => {
    // a 401 restarts sign-in in the client; anything else is the spec's failure, tracked once per failure
    if (list.isError && !(list.error instanceof ApiError && list.error.status === 401)) {
      track('loading_enrollments_failed', { message: list.error.message });
    }
  }, [list.isError, list.error]);

  const pended = list.data?.pended ?? [];
  const enrollments = list.data?.enrollments;

  return (
    <Stack gap="lg">
      <Title order={1}>Enrollment Upload</Title>
      <Group gap="md">
        <Button
          leftSection={<IconUpload size={18} aria-hidden="true" />}
          onClick={() => setPanelOpen((open) => !open)}
          aria-expanded={isPanelOpen}
          aria-controls={PANEL_ID}
        >
          UPLOAD ENROLLMENT
        </Button>
        {/* each carrier's e-application link, from the server's content file (docs/decisions/information-pages.md) */}
        <Anchor component={Link} to={paths.carrierEApps}>
          {EAPP_DIRECTORY_TEXT.title}
        </Anchor>
      </Group>
      {isPanelOpen && (
        <Suspense fallback={null}>
          <UploadPanel uploads={uploads} id={PANEL_ID} />
        </Suspense>
      )}
      <UploadStatus items={uploads.items} onClear={uploads.clear} />

      {list.isError ? (
        <Alert color="red" title="Error" role="alert">
          {ENROLLMENT_MESSAGES.loadFailed}
          {list.error.message && list.error.message !== ENROLLMENT_MESSAGES.loadFailed ? `: ${list.error.message}` : ''}
        </Alert>
      ) : (
        <>
          {pended.length > 0 && (
            <Alert
              color="red"
              variant="filled"
              title="Pended Enrollments"
              icon={<IconAlertTriangle aria-hidden="true" />}
              role="alert"
            >
              {ENROLLMENT_MESSAGES.pendedAlert}
            </Alert>
          )}
          {enrollments && enrollments.length === 0 && (
            <Text c="dimmed" role="note">
              {ENROLLMENT_MESSAGES.noEnrollments}
            </Text>
          )}
          {pended.length > 0 && <PendedEnrollmentsTable pended={pended} />}
          {/* A new table once the list is in: the pended alert and table above it arrive with the list, and the
              loading table would otherwise jump down under the agent's eyes (Lighthouse measured a shift of 0.43). */}
          <ClientEnrollmentsTable
            key={list.data ? 'loaded' : 'loading'}
            enrollments={enrollments}
            isLoading={list.isFetching}
            toolbar={
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
                onClick={() => void downloads.run(downloadEnrollmentsExport)}
                disabled={!enrollments || enrollments.length === 0}
                aria-label="Download client enrollments (Excel)"
              >
                Download
              </Button>
            }
          />
        </>
      )}
      {downloads.element}
    </Stack>
  );
}
