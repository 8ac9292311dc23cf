import { findAddressSuggestions } from '@arc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const geoQueries = {
  /** GET /arc/geo/address-suggestions?q= — complete addresses for what was typed (asked on every keystroke) */
  addressSuggestions: (q: string) =>
    queryOptions({
      queryKey: ['geo', 'address-suggestions', q],
      queryFn: async ({ signal }) => (await apiFetch(findAddressSuggestions, { query: { q }, signal })).suggestions,
      enabled: q.trim().length >= 3,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    }),
};
