import { createCaseReport, listCaseCarriers, type CreateCaseReportRequest } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { useSubmit } from './use-submit.ts';

export const casesQueries = {
  carriers: () =>
    queryOptions({
      queryKey: ['cases', 'carriers'],
      queryFn: async ({ signal }) => (await apiFetch(listCaseCarriers, { signal })).carriers,
      staleTime: 5 * 60_000,
    }),
};

/** POST /arc/case/reportCase */
export function useCreateCaseReport() {
  return useSubmit({ mutationFn: (body: CreateCaseReportRequest) => apiFetch(createCaseReport, { body }) });
}
