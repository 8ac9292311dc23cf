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
import { apiFetch } from './client.ts';
import { saveFile, type DownloadProgress } from './files.ts';

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

/** Posts the roster rows and saves the answer as "Agent Roster.xlsx"; a refusal rejects with the server's message. */
export const downloadRoster = (downlines: RosterRow[], onProgress?: DownloadProgress): Promise<void> =>
  saveFile(createDownlineReport, { body: { downlines }, fileName: ROSTER_FILE_NAME, onProgress });
