import { ADDRESS_QUERY_MAX_LENGTH, findAddressSuggestions } from '@arc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const geoQueries = {
  /** GET /arc/geo/address-suggestions?q= — complete addresses for what was typed (asked on every keystroke) */
  addressSuggestions: (q: string) =>
    queryOptions({
      queryKey: ['geo', 'address-suggestions', q],
      queryFn: async ({ signal }) => (await apiFetch(findAddressSuggestions, { query: { q }, signal })).suggestions,
      // past the longest address the server answers 400: no call (the field stops there)
      enabled: q.trim().length >= 3 && q.trim().length <= ADDRESS_QUERY_MAX_LENGTH,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    }),
};
