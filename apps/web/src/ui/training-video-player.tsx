import { TRAINING_TEXT, type TrainingVideo } from '@arc/contract';
import { Alert, AspectRatio, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type Ref } from 'react';
import { trainingQueries } from '../api/training.ts';

/** For a page that controls playback (GREEN365 plays one video at a time): the element and its events. */
export interface VideoPlayback {
  videoRef: Ref<HTMLVideoElement>;
  onPlay: () => void;
  onPause: () => void;
}

/**
 * A 16:9 player (spec §9: 56.25 %): Vimeo's (or YouTube's, privacy-enhanced) embedded player for a video with a
 * link set in the back office, otherwise the
 * portal's own clip through a signed URL the <video> element can open by itself. Failing to load says so.
 */
export function TrainingVideoPlayer({
  video,
  playback,
}: {
  video: Pick<TrainingVideo, 'id' | 'title' | 'vimeoCode' | 'isHosted'> & { youtubeCode?: string | null };
  playback?: VideoPlayback;
}) {
  return (
    <AspectRatio ratio={16 / 9} bg="dark.9" style={{ borderRadius: 8, overflow: 'hidden' }}>
      {video.vimeoCode || video.youtubeCode ? (
        <iframe
          src={
            video.vimeoCode
              ? `https://player.vimeo.com/video/${encodeURIComponent(video.vimeoCode)}`
              : `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeCode!)}`
          }
          title={video.title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          style={{ border: 0 }}
        />
      ) : video.isHosted ? (
        <HostedVideo videoId={video.id} title={video.title} playback={playback} />
      ) : (
        <VideoFailed />
      )}
    </AspectRatio>
  );
}

/**
 * The demo clips are title cards with a tone and no speech: their captions name the card. A blob URL, so the
 * track needs no request of its own (the CSP allows blob: media).
 */
function useCaptions(title: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const vtt = `WEBVTT\n\n00:00.000 --> 00:10.000\n[Tone] ${title.replace(/-->/g, '→')}\n`;
    const next = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [title]);
  return url;
}

function HostedVideo({ videoId, title, playback }: { videoId: string; title: string; playback?: VideoPlayback }) {
  const source = useQuery(trainingQueries.videoSource(videoId));
  const [hasFailed, setFailed] = useState(false);
  const captions = useCaptions(title);
  if (source.isPending) {
    return (
      <Center>
        <Loader color="gray.2" aria-label="Loading video" />
      </Center>
    );
  }
  if (source.isError || hasFailed) return <VideoFailed />;
  return (
    <video
      key={source.data.url}
      ref={playback?.videoRef}
      onPlay={playback?.onPlay}
      onPause={playback?.onPause}
      controls
      preload="metadata"
      aria-label={title}
      onError={() => setFailed(true)}
      style={{ width: '100%', height: '100%', background: '#000' }}
    >
      <source src={source.data.url} type={source.data.contentType} onError={() => setFailed(true)} />
      <track kind="captions" srcLang="en" label="English" src={captions} />
    </video>
  );
}

function VideoFailed() {
  return (
    <Center p="md" bg="gray.1">
      <Alert
        color="red"
        variant="light"
        title="Video unavailable"
        icon={<IconAlertTriangle aria-hidden="true" />}
        role="alert"
        maw={520}
      >
        {TRAINING_TEXT.videoFailed}
      </Alert>
    </Center>
  );
}
