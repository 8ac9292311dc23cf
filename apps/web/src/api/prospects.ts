import {
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
import { apiFetch } from './client.ts';
import { saveFile, type DownloadProgress } from './files.ts';

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
export const downloadProspects = (body: ExportProspectsRequest, onProgress?: DownloadProgress): Promise<void> =>
  saveFile(exportProspects, { body, fileName: PROSPECT_EXPORT_FILE_NAME, onProgress });
