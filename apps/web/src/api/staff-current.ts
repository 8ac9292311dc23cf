import * as contract from '@arc/contract';
import { setViewerTimeZone } from '../config.ts';
import { staffFetch } from './staff-client.ts';

/** The signed-in staff member (e-mail, role): the frame's header and every page's role checks read it. */
export const currentStaffQuery = () => ({
  queryKey: ['staff', 'me'],
  queryFn: async () => {
    const me = await staffFetch(contract.getCurrentStaff);
    setViewerTimeZone(me.timeZone); // the back office's instants are in the member's zone (ui/viewer-time.ts)
    return me;
  },
});

/** The staff roles a contract entry admits (its `auth`, docs/decisions/route-access.md); none for a non-staff call. */
export const staffRolesOf = (entry: { auth: contract.RouteAuth }): readonly contract.StaffRole[] =>
  typeof entry.auth === 'object' ? entry.auth.staff : [];

/**
 * Whether a staff role may make a call, from the contract entry's `auth` as the server checks it: a page shows an
 * action iff the signed-in member's role may call the action's entry.
 */
export const staffMay = (entry: { auth: contract.RouteAuth }, role: contract.StaffRole | undefined) =>
  role !== undefined && staffRolesOf(entry).includes(role);

/** Saves the member's own time zone (null: the business zone again). */
export const updateStaffTimeZone = (timeZone: string | null) =>
  staffFetch(contract.updateStaffTimeZone, { body: { timeZone } });
