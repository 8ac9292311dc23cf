import { getMyCase, listMyCases } from '@arc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** Every My cases query's key starts so: a new notification reloads them (notifications.ts). */
export const myCasesKey = ['cases', 'mine'] as const;

/** My cases (docs/decisions/cases.md): the agent's own member-support cases and member support's replies. */
export const myCasesQueries = {
  list: (page: number) =>
    queryOptions({
      queryKey: [...myCasesKey, { page }],
      queryFn: ({ signal }) => apiFetch(listMyCases, { query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...myCasesKey, 'detail', id],
      queryFn: ({ signal }) => apiFetch(getMyCase, { params: { id }, signal }),
      retry: false,
    }),
};
