import { getTermsDocument } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const termsQueries = {
  document: (id: number) =>
    queryOptions({
      queryKey: ['terms', 'document', id],
      queryFn: ({ signal }) => apiFetch(getTermsDocument, { params: { id }, signal }),
      staleTime: 5 * 60_000,
    }),
};
