import { MESSAGES, type DashboardFile } from '@arc/contract';
import { Button, Center, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { dashboardQueries } from '../../api/dashboard.ts';
import { track } from '../../api/telemetry.ts';
import { CarrierTile } from '../../ui/carrier-tile.tsx';
import { useDownload } from '../../ui/download.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { dashboardYears } from './dashboard-years.ts';

/** Carrier Benefits / First Look Documents: year tabs of carrier tiles that download or open a link. */
export function CarrierDocuments() {
  const files = useQuery(dashboardQueries.files());
  const { years, active } = dashboardYears(new Date());
  const [tab, setTab] = useState<string | null>(String(active));
  const downloads = useDownload();
  // the failure dialog opens once per failed load; closing it leaves a Try again in the panel
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);

  const download = async (file: DashboardFile) => {
    if (!file.file) return;
    if (await downloads.downloadFile(file.file)) track('dashboard_download', { key: file.key });
  };

  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      {downloads.element}
      <MessageDialog
        opened={files.isError && dismissedErrorAt !== files.errorUpdatedAt}
        title="Error"
        onClose={() => setDismissedErrorAt(files.errorUpdatedAt)}
      >
        {filesErrorMessage(files.error)}
      </MessageDialog>
      <Title order={2} size="h3" mb="md">
        Carrier Benefits / First Look Documents
      </Title>
      {files.isError ? (
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed">The carrier documents could not be loaded.</Text>
          <Button variant="light" loading={files.isFetching} onClick={() => void files.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {years.map((year) => (
              <Tabs.Tab key={year} value={String(year)}>
                {year}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {years.map((year) => {
            const tiles = (files.data ?? []).filter((f) => f.year === year);
            return (
              <Tabs.Panel key={year} value={String(year)} pt="md">
                {files.isPending ? (
                  <Center py="xl">
                    <Text c="dimmed">Loading documents…</Text>
                  </Center>
                ) : tiles.length === 0 ? (
                  <Center py="xl">
                    <Text c="dimmed">No carrier documents have been published for {year} yet.</Text>
                  </Center>
                ) : (
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
                    {tiles.map((file) => (
                      <CarrierTile key={file.key} file={file} onDownload={() => void download(file)} />
                    ))}
                  </SimpleGrid>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </Paper>
  );
}

/** The spec's error catalogue: a status over 399 reads "Problem getting dashboard files"; anything else its own message. */
function filesErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 399 ? MESSAGES.dashboardFilesFailed : errorMessage(error);
}
