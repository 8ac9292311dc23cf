import { Anchor, Grid, List, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useDestination } from '../../api/content.ts';
import { ExternalButton, PageHero } from './components/page-hero.tsx';
import { CORE_CRM } from './data/core-crm.ts';

/** /core: CORE CRM — benefits, the training library and where to start. */
export default function CoreCrmPage() {
  const destination = useDestination();
  // only the destinations the provider has set up (docs/decisions/information-pages.md)
  const training = CORE_CRM.training.flatMap((link) => {
    const href = destination(link.destination);
    return href ? [{ ...link, href }] : [];
  });
  const supportEmail = destination(CORE_CRM.support.destination);
  return (
    <Stack gap="lg">
      <PageHero title={CORE_CRM.title} tagline={CORE_CRM.tagline} page="core-crm">
        <ExternalButton link={CORE_CRM.startJourney} />
      </PageHero>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <section aria-labelledby="core-benefits-heading">
            <Title order={2} size="h3" mb="md" id="core-benefits-heading">
              Why agents use CORE
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {CORE_CRM.benefits.map((benefit) => (
                <Paper key={benefit.heading} p="md">
                  <Title order={3} size="h5" mb={6}>
                    {benefit.heading}
                  </Title>
                  {benefit.paragraphs.map((paragraph) => (
                    <Text key={paragraph} size="sm">
                      {paragraph}
                    </Text>
                  ))}
                </Paper>
              ))}
            </SimpleGrid>
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="core-training-heading">
            <Title order={2} size="h3" mb="md" id="core-training-heading">
              Training library
            </Title>
            <List spacing="sm" listStyleType="none" ml={0} pl={0}>
              {training.map((link) => (
                <List.Item key={link.destination}>
                  <Anchor href={link.href} target="_blank" rel="noopener noreferrer" fw={600}>
                    {link.label}
                    <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                  </Anchor>
                  <Text size="sm" c="dark.4">
                    {link.description}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Paper>
        </Grid.Col>
      </Grid>
      {supportEmail && (
        <Paper p={{ base: 'md', sm: 'lg' }} withBorder>
          <Text fw={700}>{CORE_CRM.support.label}</Text>
          <Anchor href={`mailto:${supportEmail}`} fw={600}>
            <IconMail size={16} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 6 }} />
            {supportEmail}
          </Anchor>
        </Paper>
      )}
    </Stack>
  );
}
