import { acceptTerms, getTermsDocument } from '@arc/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { profileQueries } from './profile.ts';
import { useSubmit } from './use-submit.ts';

export const termsQueries = {
  document: (id: number) =>
    queryOptions({
      queryKey: ['terms', 'document', id],
      queryFn: ({ signal }) => apiFetch(getTermsDocument, { params: { id }, signal }),
      staleTime: 5 * 60_000,
    }),
};

/** POST /arc/agent/tosagreed: the accepted terms go straight into the cached agent, so the gate lets go at once. */
export function useAcceptTerms() {
  const client = useQueryClient();
  return useSubmit({
    mutationFn: (tosid: number) => apiFetch(acceptTerms, { body: { tosid } }),
    onSuccess: ({ tos }) => {
      const { queryKey } = profileQueries.currentAgent();
      client.setQueryData(queryKey, (agent) => (agent ? { ...agent, tos } : agent));
      void client.invalidateQueries({ queryKey });
    },
  });
}
