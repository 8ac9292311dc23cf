import * as contract from '@arc/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { formatViewerInstant } from '../ui/viewer-time.ts';
import { staffFetch } from './staff-client.ts';

/** The back office's case calls as query options (keys start with ['staff', 'cases']). */
export const staffCasesKey = ['staff', 'cases'] as const;

export interface CaseSearch {
  q: string;
  status: contract.CaseStatus | undefined;
  /** `mine`, `none` (unassigned) or a staff member's id */
  assignee: string | undefined;
  requestType: contract.CaseRequestType | undefined;
  carrier: string | undefined;
  sort: contract.CaseSort;
  page: number;
}

export const staffCaseListQuery = (search: CaseSearch) => ({
  queryKey: [...staffCasesKey, 'list', search],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    staffFetch(contract.listStaffCases, {
      query: {
        q: search.q || undefined,
        status: search.status,
        assignee: search.assignee,
        requestType: search.requestType,
        carrier: search.carrier || undefined,
        sort: search.sort,
        page: search.page,
      },
      signal,
    }),
  // the previous page stays on screen (dimmed) while the next one loads
  placeholderData: keepPreviousData,
});

export const staffCaseQuery = (id: string) => ({
  queryKey: [...staffCasesKey, 'detail', id],
  queryFn: ({ signal }: { signal: AbortSignal }) => staffFetch(contract.getStaffCase, { params: { id }, signal }),
  retry: false,
});

export const actOnStaffCase = (id: string, version: number, action: contract.CaseAction) =>
  staffFetch(contract.actOnStaffCase, { params: { id }, body: { version, action } });

/** Assigns the selected cases to a member, or unassigns them (issue 47). */
export const assignStaffCases = (body: contract.AssignStaffCases) => staffFetch(contract.assignStaffCases, { body });

export const formatCaseTime = (value: Date) => formatViewerInstant(value);

/** A status's badge colour (filled, white text that passes the contrast check): Open, In progress, Closed. */
export const CASE_STATUS_COLORS: Record<contract.CaseStatus, string> = {
  Open: 'blue.8',
  'In progress': 'grape.8',
  Closed: 'gray.7',
};
