import * as contract from '@arc/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { staffFetch } from './staff-client.ts';

/** The back office's supply-order calls as query options (keys start with ['staff', 'orders']). */
export const staffOrdersKey = ['staff', 'orders'] as const;

export const staffOrdersQuery = (filters: Omit<contract.ListStaffOrdersQuery, 'page'>, page: number) => ({
  queryKey: [...staffOrdersKey, filters, page],
  queryFn: () => staffFetch(contract.listStaffOrders, { query: { ...filters, page } }),
  placeholderData: keepPreviousData,
});

/** One order's own view with its whole history (issue 47). */
export const staffOrderQuery = (id: number) => ({
  queryKey: [...staffOrdersKey, 'one', id],
  queryFn: () => staffFetch(contract.getStaffOrder, { params: { id } }),
});

export const actOnStaffOrders = (orders: { id: number; version: number }[], action: contract.OrderAction) =>
  staffFetch(contract.actOnStaffOrders, { body: { orders, action } });

/** Assigns the selected orders to a member, or unassigns them (issue 47). */
export const assignStaffOrders = (body: contract.AssignStaffOrders) => staffFetch(contract.assignStaffOrders, { body });
