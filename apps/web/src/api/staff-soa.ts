import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The back office's Scope of Appointment calls as query options (keys start with ['staff', 'soa']). */
export const staffSoasQuery = (filters: { npn: string; beneficiary: string }) => ({
  queryKey: ['staff', 'soa', filters],
  queryFn: () =>
    staffFetch(contract.findStaffSoas, {
      query: { npn: filters.npn || undefined, beneficiary: filters.beneficiary || undefined },
    }),
});

export const staffSoaQuery = (id: string) => ({
  queryKey: ['staff', 'soa', 'detail', id],
  queryFn: () => staffFetch(contract.getStaffSoa, { params: { id } }),
});
