import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** Assigns the selected orders to a member, or unassigns them (issue 47). */
export const assignStaffOrders = (body: contract.AssignStaffOrders) => staffFetch(contract.assignStaffOrders, { body });
