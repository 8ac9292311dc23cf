import { TRAINING_TEXT } from '@arc/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { trainingPaths } from '../../api/training.ts';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { TrainingVideoPlayer } from '../../ui/training-video-player.tsx';
import { TrainingError, TrainingLayout, TrainingLoading } from './training-layout.tsx';
import { useTrainingRoute } from './use-training-route.ts';

/**
 * /training/videos/:category/:id (the id is the video title): the player, category, title and description. A
 * category that is coming soon (Annuities) lists no video, so none opens from a typed URL either.
 */
export default function VideoPlayerPage() {
  const { categories, category, video, categoryName } = useTrainingRoute();
  return (
    <TrainingLayout back={trainingPaths.category(categoryName)}>
      {categories.isPending ? (
        <TrainingLoading />
      ) : categories.isError ? (
        <TrainingError message={TRAINING_TEXT.categoriesFailed} />
      ) : !category || category.isComingSoon || !video ? (
        <TrainingError message={TRAINING_TEXT.videoNotFound} />
      ) : (
        <Paper p={{ base: 'sm', sm: 'lg' }}>
          <Stack gap="md" maw={960}>
            <TrainingVideoPlayer video={video} />
            <Text size="sm" fw={700} tt="uppercase" c="dark.4">
              {category.category_name}
            </Text>
            <Title order={2}>{video.title}</Title>
            <SafeHtml html={video.description} />
          </Stack>
        </Paper>
      )}
    </TrainingLayout>
  );
}
