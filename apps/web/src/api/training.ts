import { getTrainingVideoSource, listTrainingCategories } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const trainingQueries = {
  categories: () =>
    queryOptions({
      queryKey: ['training', 'categories'],
      queryFn: async ({ signal }) => (await apiFetch(listTrainingCategories, { signal })).categories,
      staleTime: 5 * 60_000,
    }),
  /** a signed URL valid for hours: refetched well before it expires, never shared between videos */
  videoSource: (videoId: string) =>
    queryOptions({
      queryKey: ['training', 'video-source', videoId],
      queryFn: async ({ signal }) => apiFetch(getTrainingVideoSource, { params: { videoId }, signal }),
      staleTime: 60 * 60_000,
      retry: false,
    }),
};

/** The web routes use names (spec §2): the category name and the video title, URI-encoded. */
export const trainingPaths = {
  videos: '/training/videos',
  category: (categoryName: string) => `/training/videos/${encodeURIComponent(categoryName)}`,
  video: (categoryName: string, title: string) =>
    `/training/videos/${encodeURIComponent(categoryName)}/${encodeURIComponent(title)}`,
};
