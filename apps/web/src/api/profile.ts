import { getUserInfo } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const profileQueries = {
  userInfo: () =>
    queryOptions({
      queryKey: ['profile', 'user-info'],
      queryFn: async ({ signal }) => (await apiFetch(getUserInfo, { signal })).agent,
      staleTime: 60_000,
    }),
};
