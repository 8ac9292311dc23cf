import { listDashboardFiles } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const dashboardQueries = {
  files: () =>
    queryOptions({
      queryKey: ['dashboard', 'files'],
      queryFn: async ({ signal }) => (await apiFetch(listDashboardFiles, { signal })).files,
    }),
};
