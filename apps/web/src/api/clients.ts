import {
  CLIENT_TEXT,
  createClient,
  createClientExportToken,
  exportClients,
  findClients,
  getClient,
  mergeClients,
  revealClientMbi,
  updateClient,
  type ClientInput,
  type CreateClientRequest,
  type FindClientsQuery,
} from '@arc/contract';
import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { saveFileWithToken } from './files.ts';
import { useSubmit } from './use-submit.ts';

/** The list's filters as query parameters (blank ones left out). */
const queryOf = (filter: FindClientsQuery) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));

export const clientQueries = {
  find: (filter: FindClientsQuery) =>
    infiniteQueryOptions({
      queryKey: ['clients', 'find', queryOf(filter)],
      queryFn: ({ signal, pageParam }) =>
        apiFetch(findClients, { query: { ...queryOf(filter), cursor: pageParam || undefined }, signal }),
      initialPageParam: '',
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['clients', 'detail', id],
      queryFn: ({ signal }) => apiFetch(getClient, { params: { id }, signal }),
    }),
};

function useInvalidateClients() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['clients'] });
}

export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useSubmit({
    mutationFn: (body: CreateClientRequest) => apiFetch(createClient, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateClient(id: string) {
  const invalidate = useInvalidateClients();
  return useSubmit({
    mutationFn: (body: ClientInput) => apiFetch(updateClient, { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useMergeClients(id: string) {
  const invalidate = useInvalidateClients();
  return useSubmit({
    mutationFn: (duplicateId: string) => apiFetch(mergeClients, { params: { id }, body: { duplicateId } }),
    onSuccess: () => invalidate(),
  });
}

/** The full MBI: an explicit, audited action; never cached (the answer lives in the component only). */
export function useRevealClientMbi(id: string) {
  return useSubmit({ mutationFn: () => apiFetch(revealClientMbi, { params: { id } }) });
}

/** The filtered list as `Clients.xlsx`: a single-use token, then the file through the download flow. */
export const downloadClientExport = (filter: FindClientsQuery): Promise<void> =>
  saveFileWithToken(() => apiFetch(createClientExportToken), exportClients, {
    query: queryOf(filter),
    fileName: CLIENT_TEXT.exportFileName,
  });
