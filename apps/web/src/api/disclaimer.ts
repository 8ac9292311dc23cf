import { getDisclaimerYears, getTpmoDisclaimer, type DisclaimerQuery } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const disclaimerQueries = {
  years: () =>
    queryOptions({
      queryKey: ['disclaimer', 'years'],
      queryFn: async ({ signal }) => apiFetch(getDisclaimerYears, { signal }),
      staleTime: 5 * 60_000,
    }),
  /** the disclaimer of a county or a ZIP; null: nothing asked yet */
  disclaimer: (query: DisclaimerQuery | null) =>
    queryOptions({
      queryKey: ['disclaimer', 'text', query],
      queryFn: async ({ signal }) => apiFetch(getTpmoDisclaimer, { query: query!, signal }),
      enabled: query !== null,
    }),
};
