import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';

/**
 * One PDF of a document list as agents see it: its title, the line under it and Download (the information pages'
 * lists, and the back office's preview of any list).
 */
export function DocumentCard(props: {
  title: string;
  description?: string;
  headingLevel?: 2 | 3 | 4;
  /** the button's words ('Download') */
  download: string;
  disabled?: boolean;
  onDownload: () => void;
  /** an item of a list (`li`), or a box on its own */
  component?: 'li' | 'div';
}) {
  return (
    <Paper component={props.component ?? 'li'} p="md" withBorder>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" color="red" aria-hidden="true">
          <IconFileTypePdf size={22} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={props.headingLevel ?? 2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dark.4">
              {props.description}
            </Text>
          )}
          <Button
            variant="light"
            size="compact-md"
            w="fit-content"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            disabled={props.disabled}
            onClick={props.onDownload}
            aria-label={`${props.download} ${props.title}`}
          >
            {props.download}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
