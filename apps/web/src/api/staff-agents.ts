import * as contract from '@arc/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { formatViewerInstant } from '../ui/viewer-time.ts';
import { staffFetch } from './staff-client.ts';
import { staffMay } from './staff-current.ts';

/** The back office's agent calls as query options (keys start with ['staff', 'agents']). */
export const staffAgentsKey = ['staff', 'agents'] as const;

export interface AgentSearch {
  q: string;
  status: contract.AgentStatus | undefined;
  sort: contract.AgentSort;
  page: number;
}

export const staffAgentListQuery = (search: AgentSearch) => ({
  queryKey: [...staffAgentsKey, 'list', search],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    staffFetch(contract.listStaffAgents, {
      query: { q: search.q || undefined, status: search.status, sort: search.sort, page: search.page },
      signal,
    }),
  // the previous page stays on screen (dimmed) while the next one loads
  placeholderData: keepPreviousData,
});

export const staffAgentQuery = (npn: string) => ({
  queryKey: [...staffAgentsKey, 'detail', npn],
  queryFn: () => staffFetch(contract.getStaffAgent, { params: { npn } }),
  retry: false,
});

export const createStaffAgent = ({ phone, ...rest }: contract.CreateStaffAgent) =>
  staffFetch(contract.createStaffAgent, { body: { ...rest, ...(phone ? { phone } : {}) } });

export const updateStaffAgent = (npn: string, body: contract.UpdateStaffAgent) =>
  staffFetch(contract.updateStaffAgent, { params: { npn }, body });

export const unlockStaffAgent = (npn: string) => staffFetch(contract.unlockStaffAgent, { params: { npn } });

export const resendStaffAgentRegistration = (npn: string) =>
  staffFetch(contract.resendStaffAgentRegistration, { params: { npn } });

/** A staff role's rights on agents, from the contract entries' roles (the server checks them on every call). */
export const canChangeAgents = (role: contract.StaffRole) => staffMay(contract.updateStaffAgent, role);

export const formatDateTime = (value: Date | null | undefined) => (value ? formatViewerInstant(value) : '—');
