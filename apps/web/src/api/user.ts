import { acceptTerms, getUserInfo } from '@arc/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { queryClient } from './query-client.ts';

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

/**
 * The API answered 403 TERMS_NOT_ACCEPTED (say, a new version was published while the agent was signed in): the
 * cached agent loses its stamp at once, so the guard sends them to the terms gate, and is fetched again.
 */
export function markTermsRequired(): void {
  const key = userQueries.info().queryKey;
  queryClient.setQueryData(key, (agent) => (agent?.tos ? { ...agent, tos: { ...agent.tos, stamp: null } } : agent));
  void queryClient.invalidateQueries({ queryKey: key });
}
