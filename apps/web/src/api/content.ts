import {
  getDestinations,
  listCarriersByPlatform,
  type DestinationKey,
  listContentDocuments,
  type ContentDocumentSection,
  type Platform,
} from '@arc/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const contentQueries = {
  /** the carriers an agent can contract with on a platform (asked only when the agent has no contracts there) */
  carriersByPlatform: (platform: Platform) =>
    queryOptions({
      queryKey: ['content', 'carriers-by-platform', platform],
      queryFn: async ({ signal }) => (await apiFetch(listCarriersByPlatform, { query: { platform }, signal })).carriers,
      staleTime: 30 * 60_000,
    }),
  documents: (section: ContentDocumentSection) =>
    queryOptions({
      queryKey: ['content', 'documents', section],
      // the app's default freshness (30 s): a document the back office publishes or withdraws shows at the next visit
      queryFn: async ({ signal }) => (await apiFetch(listContentDocuments, { params: { section }, signal })).documents,
    }),
};

/**
 * Every outbound link and contact address, and the carriers' e-application links (docs/decisions/information-pages.md).
 */
export const destinationsQuery = queryOptions({
  queryKey: ['content', 'destinations'],
  queryFn: async ({ signal }) => apiFetch(getDestinations, { signal }),
  staleTime: 60 * 60_000,
});

/**
 * Looks up a destination: its URL or address, or null while it loads and when the provider has not set it up
 * (the link or address is then left out).
 */
export function useDestination(): (key: DestinationKey) => string | null {
  const { data } = useQuery(destinationsQuery);
  return (key) => data?.links[key] ?? null;
}
