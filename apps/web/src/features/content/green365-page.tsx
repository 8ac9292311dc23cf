import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { ExternalButton, PageHero } from './components/page-hero.tsx';
import { VideoGallery } from './components/video-gallery.tsx';
import { GREEN365 } from './data/green365.ts';

/** /green365: GREEN365 for DSNP — six training videos, one playing at a time. */
export default function Green365Page() {
  return (
    <Stack gap="lg">
      <PageHero title={GREEN365.title} tagline={GREEN365.tagline} page="green365">
        <ExternalButton link={GREEN365.enroll} />
      </PageHero>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {GREEN365.highlights.map((highlight) => (
          <Paper key={highlight.value} component="li" p="md" ta="center">
            <Text fz={36} fw={800} c="brand.8" lh={1.1}>
              {highlight.value}
            </Text>
            <Text size="sm" c="dark.5">
              {highlight.label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <VideoGallery heading={GREEN365.videosHeading} videos={GREEN365.videos} />
      <Text size="sm" c="dark.4">
        {GREEN365.note}
      </Text>
    </Stack>
  );
}
