import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The back office's staff-member calls as query options (keys start with ['staff', 'members']). */
export const staffMembersQuery = () => ({
  queryKey: ['staff', 'members'],
  queryFn: () => staffFetch(contract.listStaffMembers),
});

export const createStaffMember = (body: contract.CreateStaffMember) => staffFetch(contract.createStaffMember, { body });

export const disableStaffMember = (id: string) => staffFetch(contract.disableStaffMember, { params: { id } });

export const resetStaffMemberSecondFactor = (id: string) =>
  staffFetch(contract.resetStaffMemberSecondFactor, { params: { id } });

export const updateStaffMemberRole = (id: string, body: contract.UpdateStaffMemberRole) =>
  staffFetch(contract.updateStaffMemberRole, { params: { id }, body });

export const enableStaffMember = (id: string) => staffFetch(contract.enableStaffMember, { params: { id } });
