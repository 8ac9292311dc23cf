import {
  ErrorResponseSchema,
  exportProspects,
  findProspectsByCounty,
  findProspectsByZip,
  getProspectListInfo,
  listProspectAgeRanges,
  listProspectCounties,
  PROSPECT_EXPORT_FILE_NAME,
  type ExportProspectsRequest,
  type FindProspectsByCountyRequest,
  type FindProspectsByZipRequest,
  type StateCode,
} from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { clientHooks } from './client-hooks.ts';
import { ApiError, apiFetch } from './client.ts';

export const prospectQueries = {
  ageRanges: () =>
    queryOptions({
      queryKey: ['prospects', 'age-ranges'],
      queryFn: ({ signal }) => apiFetch(listProspectAgeRanges, { signal }),
      staleTime: 60 * 60 * 1000,
    }),
  info: () =>
    queryOptions({
      queryKey: ['prospects', 'info'],
      queryFn: ({ signal }) => apiFetch(getProspectListInfo, { signal }),
      staleTime: 10 * 60 * 1000,
    }),
  /** counties of the state that have prospects (the picker's t65 mode) */
  counties: (state: StateCode) =>
    queryOptions({
      queryKey: ['prospects', 'counties', state],
      queryFn: ({ signal }) => apiFetch(listProspectCounties, { params: { state }, signal }),
      staleTime: 10 * 60 * 1000,
    }),
};

export const findByCounty = (body: FindProspectsByCountyRequest) => apiFetch(findProspectsByCounty, { body });
export const findByZip = (body: FindProspectsByZipRequest) => apiFetch(findProspectsByZip, { body });

/** Asks for the spreadsheet of the shown rows and saves it as "Prospect List.xlsx". */
export async function downloadProspects(body: ExportProspectsRequest): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = clientHooks().getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(exportProspects.path, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (response.status === 401 && token) clientHooks().onUnauthorized();
    throw parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.fieldErrors)
      : new ApiError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = PROSPECT_EXPORT_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
