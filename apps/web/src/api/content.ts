import {
  listCarriersByPlatform,
  listContentDocuments,
  type ContentDocumentSection,
  type Platform,
} from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
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
      queryFn: async ({ signal }) => (await apiFetch(listContentDocuments, { params: { section }, signal })).documents,
      staleTime: 5 * 60_000,
    }),
};
