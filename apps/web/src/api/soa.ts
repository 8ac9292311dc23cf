import {
  cancelSoa,
  changeSoa,
  createSoa,
  createSoaExportToken,
  createSoaLink,
  exportSoas,
  getSoa,
  listSoas,
  SOA_TEXT,
  type ChangeSoaRequestBody,
  type CreateSoaRequestBody,
} from '@arc/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { saveFileWithToken, type DownloadProgress } from './files.ts';
import { useSubmit } from './use-submit.ts';

export const soaQueries = {
  list: () =>
    queryOptions({
      queryKey: ['soa', 'list'],
      queryFn: ({ signal }) => apiFetch(listSoas, { signal }),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['soa', 'detail', id],
      queryFn: ({ signal }) => apiFetch(getSoa, { params: { id }, signal }),
    }),
};

/** Every change refreshes the list and the SOA's own detail. */
function useInvalidateSoa() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['soa'] });
}

export function useCreateSoa() {
  const invalidate = useInvalidateSoa();
  return useSubmit({
    mutationFn: (body: CreateSoaRequestBody) => apiFetch(createSoa, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useChangeSoa(id: string) {
  const invalidate = useInvalidateSoa();
  return useSubmit({
    mutationFn: (body: ChangeSoaRequestBody) => apiFetch(changeSoa, { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useCancelSoa(id: string) {
  const invalidate = useInvalidateSoa();
  return useSubmit({
    mutationFn: () => apiFetch(cancelSoa, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

export function useSoaLink(id: string) {
  const invalidate = useInvalidateSoa();
  return useSubmit({
    mutationFn: (delivery: 'email' | 'device') => apiFetch(createSoaLink, { params: { id }, body: { delivery } }),
    onSuccess: () => invalidate(),
  });
}

/** The agent's SOAs as `Scope of Appointment.xlsx`: a single-use token, then the file through the download flow. */
export const downloadSoaExport = (onProgress?: DownloadProgress): Promise<void> =>
  saveFileWithToken(() => apiFetch(createSoaExportToken), exportSoas, {
    fileName: SOA_TEXT.exportFileName,
    onProgress,
  });
