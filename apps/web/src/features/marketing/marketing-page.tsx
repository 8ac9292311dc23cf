import { Anchor, Button, Grid, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconMail } from '@tabler/icons-react';
import { useDestination } from '../../api/content.ts';
import { TrainingVideoPlayer } from '../../ui/training-video-player.tsx';
import type { MarketingPageContent, MarketingSection } from './content.ts';

/** One marketing page from its content file: intro and call to action, sections, contact e-mail, video. */
export function MarketingPage({ content }: { content: MarketingPageContent }) {
  // links and addresses the provider has not set up are left out (docs/decisions/information-pages.md)
  const destination = useDestination();
  const actionHref = destination(content.action.destination);
  const email = content.email ? destination(content.email.destination) : null;
  return (
    <Stack gap="lg">
      <Title order={1}>{content.title}</Title>
      <Paper p={{ base: 'md', sm: 'xl' }} bg="brand.8" c="white">
        <Stack gap="sm" maw={760}>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700}>
            {content.tagline}
          </Text>
          <Text>{content.intro}</Text>
          {actionHref && (
            <Button
              component="a"
              href={actionHref}
              target="_blank"
              rel="noopener noreferrer"
              variant="white"
              color="brand.9"
              w="fit-content"
              rightSection={<IconExternalLink size={16} aria-hidden="true" />}
            >
              {content.action.label}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Button>
          )}
        </Stack>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: content.video ? 7 : 12 }}>
          <Stack gap="lg">
            {content.sections.map((section) => (
              <Section key={section.heading} section={section} destination={destination} />
            ))}
          </Stack>
        </Grid.Col>
        {content.video && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper p={{ base: 'md', sm: 'lg' }}>
              <Title order={2} size="h3" mb="md">
                {content.video.heading}
              </Title>
              <TrainingVideoPlayer
                video={{ id: content.video.id, title: content.video.title, vimeoCode: null, isHosted: true }}
              />
              <Text size="sm" mt="xs" c="dark.4">
                {content.video.title}
              </Text>
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      {content.email && email && (
        <Paper p={{ base: 'md', sm: 'lg' }} withBorder>
          <Text fw={700}>{content.email.label}</Text>
          <Anchor href={`mailto:${email}`} fw={600}>
            <IconMail size={16} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 6 }} />
            {email}
          </Anchor>
        </Paper>
      )}
    </Stack>
  );
}

function Section({
  section,
  destination,
}: {
  section: MarketingSection;
  destination: ReturnType<typeof useDestination>;
}) {
  const links = section.links?.flatMap((link) => {
    const href = destination(link.destination);
    return href ? [{ ...link, href }] : [];
  });
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} size="h3" mb="sm">
        {section.heading}
      </Title>
      <Stack gap="sm">
        {section.paragraphs?.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        {section.bullets && (
          <List spacing={6}>
            {section.bullets.map((bullet) => (
              <List.Item key={bullet}>{bullet}</List.Item>
            ))}
          </List>
        )}
        {links && links.length > 0 && (
          <List spacing="sm" listStyleType="none" ml={0} pl={0}>
            {links.map((link) => (
              <List.Item key={link.href}>
                <Anchor href={link.href} target="_blank" rel="noopener noreferrer" fw={600}>
                  {link.label}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
                {link.description && (
                  <Text size="sm" c="dark.4">
                    {link.description}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
