import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';
import type { ImportKindView, ImportReportView } from './staff-import-kinds.ts';

/** The back office's import calls (the background jobs' keys start with ['staff', 'import-jobs']). */
export const staffImportJobsKey = ['staff', 'import-jobs'] as const;
/** While a job is queued or running, the list is read again this often. */
const RUNNING_REFRESH_MS = 1000;

export const staffImportJobsQuery = () => ({
  queryKey: staffImportJobsKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => staffFetch(contract.listImportJobs, { signal }),
  refetchInterval: (query: { state: { data?: { jobs: contract.ImportJob[] } } }) =>
    query.state.data?.jobs.some((job) => job.status === 'queued' || job.status === 'running')
      ? RUNNING_REFRESH_MS
      : false,
});

/** Uploads a file as a background job of its kind (the MA landscape names its plan year). */
export function startImportJob(upload: { file: File; kind: contract.ImportJobKind; year: string }) {
  const formData = new FormData();
  formData.append(contract.IMPORT_JOB_UPLOAD_FIELD, upload.file);
  return staffFetch(contract.startImportJob, {
    params: { kind: upload.kind },
    query: upload.kind === 'landscape' ? { year: upload.year } : {},
    formData,
  });
}

/** One call of an import: the report (200), or the server's message (400, 413, and 422 for a rejected line). */
export async function sendImport(
  kind: ImportKindView,
  { file, options }: { file: File; options: Record<string, boolean> },
  dryRun: boolean,
) {
  const formData = new FormData();
  formData.append(kind.uploadField, file);
  const query: Record<string, string> = { dryRun: String(dryRun) };
  for (const option of kind.options) if (options[option.param]) query[option.param] = 'true';
  const route: contract.RouteEntry = kind.route;
  return (await staffFetch(route, { query, formData })) as ImportReportView;
}
