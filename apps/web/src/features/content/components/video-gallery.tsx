import { ActionIcon, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { TrainingVideoPlayer } from '../../../ui/training-video-player.tsx';
import type { ContentVideo } from '../data/types.ts';

/**
 * Videos of an information page, one playing at a time (spec §4: starting one pauses the other; the playing id
 * clears on pause). Each has a play/stop icon beside the player's own controls; stop rewinds to the start.
 */
export function VideoGallery({ heading, videos }: { heading: string; videos: readonly ContentVideo[] }) {
  const [playingId, setPlayingId] = useState<string | null>(null);
  const elements = useRef(new Map<string, HTMLVideoElement>());

  const onPlay = useCallback((id: string) => {
    for (const [otherId, element] of elements.current) {
      if (otherId !== id && !element.paused) element.pause();
    }
    setPlayingId(id);
  }, []);
  const onPause = useCallback((id: string) => setPlayingId((current) => (current === id ? null : current)), []);

  const toggle = (id: string) => {
    const element = elements.current.get(id);
    if (!element) return;
    if (playingId === id) {
      element.pause();
      element.currentTime = 0;
    } else {
      // a play() refused by the browser leaves the icon on Play: nothing else to do
      element.play().catch(() => undefined);
    }
  };

  return (
    <section aria-labelledby="video-gallery-heading">
      <Title order={2} size="h3" mb="md" id="video-gallery-heading">
        {heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: videos.length > 2 ? 3 : 2 }} spacing="lg">
        {videos.map((video) => {
          const isPlaying = playingId === video.videoId;
          return (
            <Paper key={video.videoId} p="md" component="article" aria-label={video.title}>
              <Stack gap="sm">
                <TrainingVideoPlayer
                  video={{ id: video.videoId, title: video.title, vimeoCode: null, isHosted: true }}
                  playback={{
                    videoRef: (element) => {
                      if (element) elements.current.set(video.videoId, element);
                      else elements.current.delete(video.videoId);
                    },
                    onPlay: () => onPlay(video.videoId),
                    onPause: () => onPause(video.videoId),
                  }}
                />
                <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                  <ActionIcon
                    size="xl"
                    radius="xl"
                    variant={isPlaying ? 'filled' : 'light'}
                    aria-label={`${isPlaying ? 'Stop' : 'Play'} ${video.title}`}
                    aria-pressed={isPlaying}
                    onClick={() => toggle(video.videoId)}
                  >
                    {isPlaying ? (
                      <IconPlayerStopFilled size={20} aria-hidden="true" />
                    ) : (
                      <IconPlayerPlayFilled size={20} aria-hidden="true" />
                    )}
                  </ActionIcon>
                  <div>
                    <Title order={3} size="h5">
                      {video.title}
                    </Title>
                    <Text size="sm" c="dark.4">
                      {video.description}
                    </Text>
                  </div>
                </div>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
