import { AETNA_TILE_LABEL, dashboardFileLabel, MESSAGES, type DashboardFile } from '@arc/contract';
import { Button, Card, Center, Image, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { dashboardQueries } from '../../api/dashboard.ts';
import { track } from '../../api/telemetry.ts';
import { useDownload } from '../../ui/download.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { dashboardYears } from './dashboard-years.ts';

export const ANTHEM_SHARED_PASSWORD = 'FirstLook2026';

/** Tile buttons wrap their label instead of cutting it off. */
const TILE_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;

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

/** Spec part 1 §8: a status over 399 reads "Problem getting dashboard files"; anything else its own message. */
function filesErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 399 ? MESSAGES.dashboardFilesFailed : errorMessage(error);
}

function CarrierTile({ file, onDownload }: { file: DashboardFile; onDownload: () => void }) {
  const label = file.logoType === 'aetna' ? AETNA_TILE_LABEL : dashboardFileLabel(file.id);
  return (
    <Card withBorder padding="md" radius="md">
      <Card.Section inheritPadding py="sm" bg="gray.0">
        <Image src={file.img} alt={`${file.carrier} logo`} h={48} fit="contain" />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={650}>{file.carrier}</Text>
        <Text size="sm" c="dimmed">
          {file.year} · {dashboardFileLabel(file.id)}
        </Text>
        {file.logoType === 'anthem' && (
          <Text size="xs" c="dark.4">
            Use your National Producer Number (NPN) as the username and the shared password{' '}
            <strong>{ANTHEM_SHARED_PASSWORD}</strong>.
          </Text>
        )}
      </Stack>
      {file.link ? (
        <Button
          component="a"
          href={file.link}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          mt="md"
          fullWidth
          styles={TILE_BUTTON_STYLES}
          rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          aria-label={`${label}: ${file.carrier} ${file.year} (opens in a new tab)`}
        >
          {label}
        </Button>
      ) : (
        <Button
          variant="light"
          mt="md"
          fullWidth
          styles={TILE_BUTTON_STYLES}
          onClick={onDownload}
          disabled={!file.file}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          aria-label={`${label}: download ${file.carrier} ${file.year}`}
        >
          {label}
        </Button>
      )}
    </Card>
  );
}
