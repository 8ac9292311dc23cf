import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The signed-in staff member (e-mail, role): the frame's header and every page's role checks read it. */
export const currentStaffQuery = () => ({
  queryKey: ['staff', 'me'],
  queryFn: () => staffFetch(contract.getCurrentStaff),
});
