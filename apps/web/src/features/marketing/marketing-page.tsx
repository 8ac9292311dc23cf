import { Anchor, Button, Grid, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconMail } from '@tabler/icons-react';
import { TrainingVideoPlayer } from '../../ui/training-video-player.tsx';
import type { MarketingPageContent, MarketingSection } from './content.ts';

/** One marketing page from its content file: intro and call to action, sections, contact e-mail, video. */
export function MarketingPage({ content }: { content: MarketingPageContent }) {
  return (
    <Stack gap="lg">
      <Title order={1}>{content.title}</Title>
      <Paper p={{ base: 'md', sm: 'xl' }} bg="brand.8" c="white">
        <Stack gap="sm" maw={760}>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700}>
            {content.tagline}
          </Text>
          <Text>{content.intro}</Text>
          <Button
            component="a"
            href={content.action.href}
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
        </Stack>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: content.video ? 7 : 12 }}>
          <Stack gap="lg">
            {content.sections.map((section) => (
              <Section key={section.heading} section={section} />
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
      {content.email && (
        <Paper p={{ base: 'md', sm: 'lg' }} withBorder>
          <Text fw={700}>{content.email.label}</Text>
          <Anchor href={`mailto:${content.email.address}`} fw={600}>
            <IconMail size={16} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 6 }} />
            {content.email.address}
          </Anchor>
        </Paper>
      )}
    </Stack>
  );
}

function Section({ section }: { section: MarketingSection }) {
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
        {section.links && (
          <List spacing="sm" listStyleType="none" ml={0} pl={0}>
            {section.links.map((link) => (
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
