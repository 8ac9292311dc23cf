import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The audit log's pages (50 rows each, `nextCursor` for the next) for the filters that are set. */
export const staffAuditPagesQuery = (filters: Record<string, string>) => ({
  queryKey: ['staff', 'audit', filters],
  queryFn: ({ pageParam }: { pageParam: string | undefined }) =>
    staffFetch(contract.findAuditEntries, { query: { ...filters, cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: contract.AuditPage) => last.nextCursor ?? undefined,
});
