import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useDestination } from '../../api/content.ts';
import { ExternalButton, PageHero } from './components/page-hero.tsx';
import { MY_QUOTE } from './data/myquote.ts';

const APP_ICONS = [IconBrandApple, IconBrandGooglePlay] as const;

/** /myquote: the quoting solutions, an open-quote button and the mobile apps. */
export default function MyQuotePage() {
  const destination = useDestination();
  // the app-store pages once the provider has published its app (docs/decisions/information-pages.md); none: no section
  const apps = MY_QUOTE.apps.flatMap((app, index) => {
    const href = destination(app.destination);
    return href ? [{ app, href, index }] : [];
  });
  return (
    <Stack gap="lg">
      <PageHero title={MY_QUOTE.title} tagline={MY_QUOTE.tagline} page="myquote">
        <ExternalButton link={MY_QUOTE.openQuote} />
      </PageHero>
      <section aria-labelledby="solutions-heading">
        <Title order={2} size="h3" mb="md" id="solutions-heading">
          {MY_QUOTE.solutionsHeading}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {MY_QUOTE.solutions.map((solution) => (
            <Paper key={solution.name} p="md">
              <Title order={3} size="h5" mb={6}>
                {solution.name}
              </Title>
              <Text size="sm">{solution.description}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="more-heading">
        <Title order={2} size="h3" mb="sm" id="more-heading">
          {MY_QUOTE.moreHeading}
        </Title>
        <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {MY_QUOTE.more.map((line) => (
            <Badge key={line} component="li" size="lg" variant="light" tt="none">
              {line}
            </Badge>
          ))}
        </Group>
      </Paper>
      {apps.length > 0 && (
        <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="apps-heading">
          <Title order={2} size="h3" mb="sm" id="apps-heading">
            {MY_QUOTE.appsHeading}
          </Title>
          <Text mb="md">{MY_QUOTE.appsIntro}</Text>
          <Group gap="md">
            {apps.map(({ app, href, index }) => {
              const Icon = APP_ICONS[index] ?? IconBrandApple;
              return (
                <Anchor
                  key={app.destination}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  fw={600}
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
                >
                  <Icon size={20} aria-hidden="true" />
                  {app.label}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
              );
            })}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
