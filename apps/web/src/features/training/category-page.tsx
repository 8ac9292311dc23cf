import { TRAINING_TEXT } from '@arc/contract';
import { Group, Image, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { trainingPaths } from '../../api/training.ts';
import { TrainingError, TrainingLayout, TrainingLoading } from './training-layout.tsx';
import { useTrainingRoute } from './use-training-route.ts';

/** Spec §2: thumbnail titles alternate blue and orange (dark shades, for contrast). */
const TITLE_COLORS = ['blue.9', '#a3410c'] as const;

/** /training/videos/:category: name, description and the list of videos (Annuities: 'Coming Soon…'). */
export default function CategoryPage() {
  const { categories, category } = useTrainingRoute();
  return (
    <TrainingLayout back={trainingPaths.videos}>
      {categories.isPending ? (
        <TrainingLoading />
      ) : categories.isError ? (
        <TrainingError message={TRAINING_TEXT.categoriesFailed} />
      ) : !category ? (
        <TrainingError message={TRAINING_TEXT.categoryNotFound} />
      ) : (
        <Stack gap="md">
          <Paper p={{ base: 'md', sm: 'lg' }}>
            <Group gap="lg" wrap="wrap" align="center">
              {category.slug === 'complementary-products' && (
                <Image
                  src={category.logo}
                  alt={`${category.category_name} logo`}
                  w={240}
                  h={90}
                  fit="cover"
                  radius="md"
                />
              )}
              <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
                <Title order={2}>{category.category_name}</Title>
                <Text c="dark.4">{category.category_description}</Text>
              </Stack>
            </Group>
          </Paper>
          {category.isComingSoon ? (
            <Paper p="xl">
              <Text size="xl" fw={700} ta="center" c="#a3410c">
                {TRAINING_TEXT.comingSoon}
              </Text>
            </Paper>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {category.videos.map((video, index) => (
                <li key={video.id}>
                  <Paper withBorder p="sm">
                    <UnstyledButton
                      component={Link}
                      to={trainingPaths.video(category.category_name, video.title)}
                      style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}
                    >
                      <Image src={video.thumbs} alt="" w={160} h={90} radius="sm" style={{ flex: '0 0 auto' }} />
                      <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                        <Text fw={700} size="lg" c={TITLE_COLORS[index % 2]}>
                          {video.title}
                        </Text>
                        <Text size="sm" c="dark.4" lineClamp={3}>
                          {plainText(video.description)}
                        </Text>
                      </Stack>
                    </UnstyledButton>
                  </Paper>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </TrainingLayout>
  );
}

/**
 * The list shows the description as plain text, so no markup from the content reaches the list at all. A
 * DOMParser document is inert (no scripts run, no images load); script and style text is dropped.
 */
function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('script, style, template, noscript')) element.remove();
  // block elements end a sentence: "…built on it.</p><ul><li>What Part A…" reads "…built on it. What Part A…"
  for (const element of body.querySelectorAll(BLOCKS)) element.append(' ');
  for (const element of body.querySelectorAll('br')) element.replaceWith(' ');
  return body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

const BLOCKS = 'p, div, li, ul, ol, h1, h2, h3, h4, h5, h6, blockquote, tr, td, th, dt, dd';
