import { ADD_ON_PROMO } from '@arc/contract';
import {
  Badge,
  Button,
  Code,
  CopyButton,
  Grid,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartBar, IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useDestination } from '../../../api/content.ts';
import { useCurrentAgent } from '../../../auth/use-current-agent.ts';
import { canOpenPlatform, type AddOn, type PlatformContent } from '../data/platforms.ts';
import { CarriersPanel } from './carriers-panel.tsx';
import { DocumentList } from './document-list.tsx';
import { ExternalButton, PageHero } from './page-hero.tsx';
import { VideoGallery } from './video-gallery.tsx';

/**
 * An enrollment platform's launch page (MyHealthPlan, SunFire): login for agents contracted there (and test or
 * staff users), Active Analytics by the user's flag, the carriers to contract with when the agent has no
 * contracts there, quick guides, the add-on promo and videos.
 */
export function PlatformPage({ content }: { content: PlatformContent }) {
  const { activeAnalytics, addOn } = content;
  const currentAgent = useCurrentAgent();
  const destination = useDestination();
  if (!currentAgent.data) return <Loader aria-label="Loading" />;
  const hasContracts = currentAgent.data[content.contractsFlag];
  const analyticsHref = activeAnalytics ? destination(activeAnalytics.destination) : null;
  const showAnalytics = currentAgent.data.activeAnalytics && analyticsHref ? activeAnalytics : undefined;
  return (
    <Stack gap="lg">
      <PageHero title={content.title} tagline={content.tagline} page={content.page}>
        <Group gap="sm">
          {canOpenPlatform(currentAgent.data, content) && <ExternalButton link={content.login} />}
          {showAnalytics && (
            <Button
              component="a"
              href={analyticsHref ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              variant="outline"
              color="white"
              leftSection={<IconChartBar size={16} aria-hidden="true" />}
              rightSection={<IconExternalLink size={16} aria-hidden="true" />}
            >
              {showAnalytics.label}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Button>
          )}
        </Group>
        {showAnalytics && (
          <Text size="sm" c="brand.0">
            {showAnalytics.description}
          </Text>
        )}
      </PageHero>
      {!hasContracts && (
        <CarriersPanel
          platform={content.platform}
          heading={content.noContracts.heading}
          text={content.noContracts.text}
          contracting={content.noContracts.contracting}
        />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: addOn ? 6 : 12 }}>
          <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="quick-guides-heading" h="100%">
            <Title order={2} size="h3" mb="md" id="quick-guides-heading">
              Quick guides
            </Title>
            <DocumentList section={content.guidesSection} columns={addOn ? 1 : 3} headingLevel={3} />
          </Paper>
        </Grid.Col>
        {addOn && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <AddOnPanel addOn={addOn} />
          </Grid.Col>
        )}
      </Grid>
      <VideoGallery heading="Videos" videos={content.videos} />
    </Stack>
  );
}

/** The add-on sign-up steps and the promo (spec §9: 29.99 per month or 299 per year, case-sensitive code). */
function AddOnPanel({ addOn }: { addOn: AddOn }) {
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="add-on-heading" h="100%">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h3" id="add-on-heading">
          {addOn.heading}
        </Title>
        <Badge variant="light" size="lg">
          Partner price
        </Badge>
      </Group>
      <Stack gap="md">
        <Text>{addOn.intro}</Text>
        <Text fw={700} fz="lg">
          ${ADD_ON_PROMO.monthly} per month or ${ADD_ON_PROMO.yearly} per year
        </Text>
        <div>
          <Title order={3} size="h5" mb={6}>
            How to sign up
          </Title>
          <List type="ordered" spacing={6}>
            {addOn.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </div>
        <Paper withBorder p="sm" bg="gray.0">
          <Text size="sm" fw={600} id="access-code-label">
            Access code (case-sensitive)
          </Text>
          <Group gap="sm" mt={6}>
            <Code fz="lg" fw={700} aria-labelledby="access-code-label" data-testid="access-code">
              {addOn.accessCode}
            </Code>
            <CopyButton value={addOn.accessCode}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={copy}
                  leftSection={
                    copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />
                  }
                >
                  {copied ? 'Copied' : 'Copy code'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dark.4" mt={6}>
            Type it exactly as shown: upper- and lower-case letters are different.
          </Text>
        </Paper>
      </Stack>
    </Paper>
  );
}
