import { getCurrentAgent } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { setViewerTimeZone } from '../config.ts';
import { apiFetch } from './client.ts';
import { queryClient } from './query-client.ts';

export const profileQueries = {
  currentAgent: () =>
    queryOptions({
      queryKey: ['profile', 'current-agent'],
      queryFn: async ({ signal }) => {
        const { agent } = await apiFetch(getCurrentAgent, { signal });
        // every instant the agent is shown is in their own zone (ui/viewer-time.ts)
        setViewerTimeZone(agent.timeZone);
        return agent;
      },
      staleTime: 60_000,
    }),
};

/**
 * The API answered 403 TERMS_NOT_ACCEPTED (say, a new version was published while the agent was signed in): the
 * cached agent loses its stamp at once, so the guard sends them to the terms gate, and is fetched again.
 */
export function markTermsRequired(): void {
  const key = profileQueries.currentAgent().queryKey;
  queryClient.setQueryData(key, (agent) => (agent?.tos ? { ...agent, tos: { ...agent.tos, stamp: null } } : agent));
  void queryClient.invalidateQueries({ queryKey: key });
}
