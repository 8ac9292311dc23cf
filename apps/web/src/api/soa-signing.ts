import { getSoaSigning, signSoa, type SignSoaRequest } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { useSubmit } from './use-submit.ts';

/** The public signing page's calls: the e-mailed link token is the bearer (never the agent's session). */
export const soaSigningQueries = {
  page: (token: string) =>
    queryOptions({
      queryKey: ['soa-signing', token],
      queryFn: ({ signal }) => apiFetch(getSoaSigning, { token, signal }),
      retry: false,
      staleTime: Infinity,
    }),
};

export const useSignSoa = (token: string) =>
  useSubmit({ mutationFn: (body: SignSoaRequest) => apiFetch(signSoa, { token, body }) });
