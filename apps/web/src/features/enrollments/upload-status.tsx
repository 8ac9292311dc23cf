import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLoader2, IconX } from '@tabler/icons-react';
import { uploadLine, type UploadItem } from './upload-list.ts';

/** Upload Status: one line per file with its own progress bar; each ends as uploaded or failed. */
export function UploadStatus({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  const hasFinished = items.some((item) => item.status === 'uploaded' || item.status === 'failed');
  return (
    <Paper p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Upload Status
        </Title>
        {hasFinished && (
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear finished
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Files you upload are listed here with their progress.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {items.map((item) => (
            <li key={item.id} data-testid="upload-line" data-status={item.status}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <StatusIcon status={item.status} />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text
                    size="sm"
                    c={item.status === 'failed' ? 'red.9' : undefined}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {uploadLine(item)}
                  </Text>
                  {item.status !== 'failed' && (
                    <Progress
                      value={item.progress}
                      color={item.status === 'uploaded' ? 'green.8' : undefined}
                      size="sm"
                      aria-label={`Upload progress of ${item.name}`}
                      animated={item.status === 'uploading'}
                    />
                  )}
                </Stack>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function StatusIcon({ status }: { status: UploadItem['status'] }) {
  if (status === 'uploaded') {
    return (
      <ThemeIcon color="green.8" size="sm" radius="xl" aria-hidden="true">
        <IconCheck size={14} />
      </ThemeIcon>
    );
  }
  if (status === 'failed') {
    return (
      <ThemeIcon color="red.8" size="sm" radius="xl" aria-hidden="true">
        <IconX size={14} />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon variant="light" size="sm" radius="xl" aria-hidden="true">
      <IconLoader2 size={14} />
    </ThemeIcon>
  );
}
