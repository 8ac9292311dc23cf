import * as contract from '@arc/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { staffFetch } from './staff-client.ts';

/** The back office's enrollment calls as query options (keys start with ['staff', 'enrollments']). */
export const staffEnrollmentsListKey = ['staff', 'enrollments', 'list'] as const;

export const staffEnrollmentsQuery = (filters: Omit<contract.ListStaffEnrollmentsQuery, 'page'>, page: number) => ({
  queryKey: [...staffEnrollmentsListKey, filters, page],
  queryFn: () => staffFetch(contract.listStaffEnrollments, { query: { ...filters, page } }),
  placeholderData: keepPreviousData,
});

export const staffEnrollmentQuery = (id: string) => ({
  queryKey: ['staff', 'enrollments', 'detail', id],
  queryFn: () => staffFetch(contract.getStaffEnrollment, { params: { id } }),
  // the version shown is the one an action is sent with: it changes only on a reload or after an action here
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

export const actOnStaffEnrollment = (row: { id: string; version: number }, action: contract.EnrollmentAction) =>
  staffFetch(contract.actOnStaffEnrollment, { params: { id: row.id }, body: { version: row.version, action } });

/** Assigns the selected enrollments to a member, or unassigns them (issue 47). */
export const assignStaffEnrollments = (body: contract.AssignStaffEnrollments) =>
  staffFetch(contract.assignStaffEnrollments, { body });
