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

/** Enters or corrects the enrollment's carrier, plan, product type, effective date and application number (issue 46). */
export const updateStaffEnrollmentData = (
  row: { id: string; version: number },
  data: Omit<contract.UpdateStaffEnrollmentData, 'version'>,
) =>
  staffFetch(contract.updateStaffEnrollmentData, { params: { id: row.id }, body: { version: row.version, ...data } });

/** The landscape's plans of the enrollment's client's county and plan year: the plan picker's choices. */
export const staffEnrollmentPlansQuery = (id: string, year: number | undefined) => ({
  queryKey: ['staff', 'enrollments', 'plans', id, year ?? null],
  queryFn: () => staffFetch(contract.listStaffEnrollmentPlans, { params: { id }, query: year ? { year } : {} }),
  staleTime: 5 * 60_000,
});
