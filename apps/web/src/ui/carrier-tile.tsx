import { AETNA_TILE_LABEL, dashboardFileLabel, type DashboardFile } from '@arc/contract';
import { Button, Card, Image, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';

/** Tile buttons wrap their label instead of cutting it off. */
const TILE_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;

/** One carrier's tile of Carrier Benefits / First Look Documents (the back office's Content area previews it). */
export function CarrierTile({ file, onDownload }: { file: DashboardFile; onDownload: () => void }) {
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
            Use your National Producer Number (NPN) as the username
            {file.sharedPassword ? (
              <>
                {' '}
                and the shared password <strong>{file.sharedPassword}</strong>.
              </>
            ) : (
              '.'
            )}
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
