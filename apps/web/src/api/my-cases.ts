import { getMyCase, listMyCases } from '@arc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * My cases (docs/decisions/cases.md): the agent's own member-support cases and member support's replies. Every key
 * starts `['cases', 'mine']`: a new notification reloads them (notification-stream.ts, `applyNotificationEvent`).
 */
export const myCasesQueries = {
  list: (page: number) =>
    queryOptions({
      queryKey: ['cases', 'mine', { page }],
      queryFn: ({ signal }) => apiFetch(listMyCases, { query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['cases', 'mine', 'detail', id],
      queryFn: ({ signal }) => apiFetch(getMyCase, { params: { id }, signal }),
      retry: false,
    }),
};
