import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PROVIDER_NAME } from '../config.ts';
import { paths } from '../paths.ts';

export function Footer() {
  return (
    <Group justify="space-between" px="md" h="100%" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {PROVIDER_NAME}
      </Text>
      <Anchor component={Link} to={paths.terms} size="sm">
        Terms of Service
      </Anchor>
    </Group>
  );
}
