import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** Assigns the selected enrollments to a member, or unassigns them (issue 47). */
export const assignStaffEnrollments = (body: contract.AssignStaffEnrollments) =>
  staffFetch(contract.assignStaffEnrollments, { body });
