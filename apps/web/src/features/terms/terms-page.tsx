import { MESSAGES } from '@arc/contract';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { termsQueries } from '../../api/terms.ts';
import { useCurrentAgent } from '../../auth/use-current-agent.ts';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';

const formatStamp = (date: Date) => formatViewerInstant(date, 'long');

/** /tos: the text of the agent's terms document, and when they accepted it. */
export default function TermsPage() {
  const currentAgent = useCurrentAgent();
  const tos = currentAgent.data?.tos;
  const terms = useQuery({ ...termsQueries.document(tos?.id ?? 0), enabled: tos !== undefined && tos !== null });

  if (currentAgent.isPending || (tos && terms.isPending)) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the Terms of Service" />
      </Center>
    );
  }
  if (currentAgent.isError || !tos || terms.isError || !terms.data) {
    return (
      <Stack gap="lg">
        <Title order={1}>Terms of Service</Title>
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
          {MESSAGES.termsLoadFailed}
        </Alert>
        <div>
          <Button
            variant="default"
            onClick={() => void (currentAgent.isError ? currentAgent.refetch() : terms.refetch())}
          >
            Try again
          </Button>
        </div>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{terms.data.title}</Title>
        {tos.stamp && (
          <Text size="sm" c="dimmed" mt={4}>
            You accepted these terms on {formatStamp(tos.stamp)}.
          </Text>
        )}
      </div>
      <Paper p={{ base: 'md', sm: 'xl' }} withBorder maw={880}>
        <SafeHtml html={terms.data.body} />
      </Paper>
    </Stack>
  );
}
