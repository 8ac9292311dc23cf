import { TRAINING_TEXT } from '@arc/contract';
import { Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { trainingPaths, trainingQueries } from '../../api/training.ts';
import { TrainingError, TrainingLayout, TrainingLoading } from './training-layout.tsx';

/** /training/videos: one card per category, with its logo and description, opening the category. */
export default function VideosPage() {
  const categories = useQuery(trainingQueries.categories());
  return (
    <TrainingLayout>
      {categories.isPending ? (
        <TrainingLoading />
      ) : categories.isError ? (
        <TrainingError message={TRAINING_TEXT.categoriesFailed} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {categories.data.map((category) => (
            <Card
              key={category.slug}
              component={Link}
              to={trainingPaths.category(category.category_name)}
              withBorder
              padding="md"
              radius="md"
            >
              <Card.Section>
                <Image src={category.logo} alt="" h={120} fit="cover" />
              </Card.Section>
              <Stack gap={6} mt="sm">
                <Title order={2} size="h4">
                  {category.category_name}
                </Title>
                <Text size="sm" c="dark.4">
                  {category.category_description}
                </Text>
                <Text size="sm" fw={700} c={category.isComingSoon ? '#a3410c' : 'blue.8'}>
                  {category.isComingSoon
                    ? TRAINING_TEXT.comingSoon
                    : `${category.videos.length} ${category.videos.length === 1 ? 'video' : 'videos'}`}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </TrainingLayout>
  );
}
