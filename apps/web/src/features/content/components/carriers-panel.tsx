import { CONTENT_TEXT, type Platform } from '@arc/contract';
import { Alert, Anchor, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { contentQueries, useDestination } from '../../../api/content.ts';
import type { ContactAddress } from '../data/types.ts';

/**
 * For an agent with no contracts on a platform: the carriers it offers (GET /arc/carriersByPlatform, asked only
 * then — the page renders this panel only in that case) and whom to write to for contracting.
 */
export function CarriersPanel({
  platform,
  heading,
  text,
  contracting,
}: {
  platform: Platform;
  heading: string;
  text: string;
  contracting: ContactAddress;
}) {
  const carriers = useQuery(contentQueries.carriersByPlatform(platform));
  const contractingEmail = useDestination()(contracting.destination);
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="carriers-heading">
      <Title order={2} size="h3" mb="sm" id="carriers-heading">
        {heading}
      </Title>
      <Stack gap="md">
        <Text>{text}</Text>
        {carriers.isPending ? (
          <Loader aria-label="Loading carriers" />
        ) : carriers.isError ? (
          <Alert color="red" variant="light" role="alert" title="Error" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Group gap="sm">
              <Text size="sm">{CONTENT_TEXT.carriersFailed}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void carriers.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          <List
            aria-label={`Carriers on ${platform === 'Sunfire' ? 'SunFire' : platform}`}
            spacing={4}
            style={{ columns: '14rem', columnGap: 'var(--mantine-spacing-xl)' }}
          >
            {carriers.data.map((carrier) => (
              <List.Item key={carrier.Name}>{carrier.Name}</List.Item>
            ))}
          </List>
        )}
        {contractingEmail && (
          <Text size="sm">
            {contracting.label}:{' '}
            <Anchor href={`mailto:${contractingEmail}`} fw={600}>
              <IconMail size={16} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {contractingEmail}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
