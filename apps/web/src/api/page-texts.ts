import { getPageTexts } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * The information pages' introductions, as the content team wrote them in the back office
 * (docs/decisions/information-pages.md).
 */
export const pageTextsQuery = queryOptions({
  queryKey: ['content', 'page-texts'],
  queryFn: async ({ signal }) => (await apiFetch(getPageTexts, { signal })).pages,
  staleTime: 5 * 60_000,
});
