import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useMatches } from 'react-router';

/** The panel a screen shows until its area is built. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'This page';
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper p="xl">
        <Stack align="center" ta="center" gap="sm" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={28} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h4">
            This area is coming soon.
          </Title>
          <Text c="dimmed" maw={420}>
            We are preparing {title} for the Agent Resource Center. In the meantime, the dashboard has your carrier
            documents and quick links.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
