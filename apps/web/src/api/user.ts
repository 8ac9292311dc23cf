import { acceptTerms, getUserInfo } from '@arc/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const userQueries = {
  info: () =>
    queryOptions({
      queryKey: ['profile', 'user-info'],
      queryFn: async ({ signal }) => (await apiFetch(getUserInfo, { signal })).agent,
      staleTime: 60_000,
    }),
};

export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tosid: number) => apiFetch(acceptTerms, { body: { tosid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userQueries.info().queryKey }),
  });
}
