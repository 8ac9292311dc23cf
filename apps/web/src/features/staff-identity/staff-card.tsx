import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PROVIDER_NAME } from '../../config.ts';

/** The card every signed-out staff page sits in. */
export function StaffCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440} component="main">
        <Stack>
          <div>
            <Text size="sm" c="dimmed">
              {PROVIDER_NAME} · Back office
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
