import { NOT_FOUND_PAGE } from '@arc/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <Text fw={800} fz={56} c="brand.8" lh={1}>
        404
      </Text>
      <Title order={1} size="h3">
        {NOT_FOUND_PAGE.title}
      </Title>
      <Text c="dimmed">{NOT_FOUND_PAGE.text}</Text>
      <Button component={Link} to="/">
        {NOT_FOUND_PAGE.link}
      </Button>
    </Stack>
  );
}
