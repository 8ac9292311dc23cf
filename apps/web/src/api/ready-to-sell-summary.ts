import { getReadyToSellSummary } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** The dashboard's one line about Ready to Sell, written by the server (no board code on the dashboard). */
export const readyToSellSummaryQueries = {
  summary: () =>
    queryOptions({
      queryKey: ['ready-to-sell', 'summary'],
      queryFn: async ({ signal }) => (await apiFetch(getReadyToSellSummary, { signal })).text,
      staleTime: 5 * 60_000,
    }),
};
