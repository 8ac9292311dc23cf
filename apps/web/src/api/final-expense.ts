import { listFinalExpenseFiles } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const finalExpenseQueries = {
  files: () =>
    queryOptions({
      queryKey: ['final-expense', 'files'],
      queryFn: async ({ signal }) => apiFetch(listFinalExpenseFiles, { signal }),
      // spec §8: a failed list shows its 'Error' pop-up at once
      retry: false,
    }),
};
