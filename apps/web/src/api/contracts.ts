import {
  createDownlineReport,
  listCertifications,
  listContracts,
  listDownlineCertifications,
  listDownlines,
  ROSTER_FILE_NAME,
  type RosterRow,
} from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { clientHooks } from './client-hooks.ts';
import { ApiError, apiFetch } from './client.ts';
import { saveResponse } from './files.ts';

export const contractsQueries = {
  contracts: () =>
    queryOptions({
      queryKey: ['contracts', 'list'],
      queryFn: async ({ signal }) => (await apiFetch(listContracts, { signal })).response,
    }),
  downlines: (contractId: string) =>
    queryOptions({
      queryKey: ['contracts', 'downlines', contractId],
      queryFn: async ({ signal }) => (await apiFetch(listDownlines, { params: { id: contractId }, signal })).data,
      retry: false,
    }),
  certifications: (contractId: string) =>
    queryOptions({
      queryKey: ['contracts', 'certifications', contractId],
      queryFn: async ({ signal }) => (await apiFetch(listCertifications, { params: { id: contractId }, signal })).data,
      retry: false,
    }),
  /** by the contract's hierarchy report id, as the call takes it */
  downlineCertifications: (reportId: string) =>
    queryOptions({
      queryKey: ['contracts', 'downline-certifications', reportId],
      queryFn: async ({ signal }) =>
        (await apiFetch(listDownlineCertifications, { params: { id: reportId }, signal })).data,
      retry: false,
    }),
};

/** Posts the roster rows and saves the answer as "Agent Roster.xlsx"; a non-2xx answer rejects with ApiError. */
export async function downloadRoster(downlines: RosterRow[]): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = clientHooks().getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(createDownlineReport.path, {
      method: 'POST',
      headers,
      body: JSON.stringify({ downlines }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 401 && token) clientHooks().onUnauthorized();
  await saveResponse(response, ROSTER_FILE_NAME);
}
