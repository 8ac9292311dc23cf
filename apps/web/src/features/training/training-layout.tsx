import { TRAINING_TEXT } from '@arc/contract';
import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The heading every Videos On Demand screen shares, with an optional Back button. */
export function TrainingLayout({ back, children }: { back?: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{TRAINING_TEXT.heading}</Title>
        {back && (
          <Button
            component={Link}
            to={back}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          >
            {TRAINING_TEXT.back}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}

export function TrainingLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading videos" />
    </Center>
  );
}

export function TrainingError({ message }: { message: string }) {
  return (
    <Alert color="red" title="Error" role="alert">
      {message}
    </Alert>
  );
}
