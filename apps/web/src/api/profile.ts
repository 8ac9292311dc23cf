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

/** POST /arc/agent/tosagreed: the accepted terms go straight into the cached agent, so the gate lets go at once. */
export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tosid: number) => apiFetch(acceptTerms, { body: { tosid } }),
    onSuccess: ({ tos }) => {
      client.setQueryData(userQueries.info().queryKey, (agent) => (agent ? { ...agent, tos } : agent));
      void client.invalidateQueries({ queryKey: userQueries.info().queryKey });
    },
  });
}
