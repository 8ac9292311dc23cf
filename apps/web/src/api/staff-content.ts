import * as contract from '@arc/contract';
import { staffFetch } from './staff-client.ts';

/** The back office's document calls as query options (keys start with ['staff', 'content']). */
export const staffDashboardDocumentsKey = ['staff', 'content', 'dashboard'] as const;
export const staffLibraryDocumentsKey = (kind: contract.LibraryKind) => ['staff', 'content', 'library', kind] as const;

export const staffDashboardDocumentsQuery = () => ({
  queryKey: staffDashboardDocumentsKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => staffFetch(contract.listStaffDashboardDocuments, { signal }),
});

export const staffLibraryDocumentsQuery = (kind: contract.LibraryKind) => ({
  queryKey: staffLibraryDocumentsKey(kind),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    staffFetch(contract.listStaffLibraryDocuments, { params: { kind }, signal }),
});

/** The calls on one dashboard document (`key`), or on a new one (no key: only `save` creates it). */
export const dashboardDocumentCalls = (key: string | undefined) => ({
  save: (body: contract.DashboardDocumentInput) =>
    key
      ? staffFetch(contract.updateStaffDashboardDocument, { params: { key }, body })
      : staffFetch(contract.createStaffDashboardDocument, { body }),
  upload: (formData: FormData) =>
    staffFetch(contract.uploadStaffDashboardDocumentFile, { params: { key: key! }, formData }),
  publish: (published: boolean) =>
    staffFetch(published ? contract.publishStaffDashboardDocument : contract.unpublishStaffDashboardDocument, {
      params: { key: key! },
    }),
});

/** The calls on one document of a library list (`key`), or on a new one (no key: only `save` creates it). */
export const libraryDocumentCalls = (kind: contract.LibraryKind, key: string | undefined) => ({
  save: (body: contract.LibraryDocumentInput) =>
    key
      ? staffFetch(contract.updateStaffLibraryDocument, { params: { kind, key }, body })
      : staffFetch(contract.createStaffLibraryDocument, { params: { kind }, body }),
  upload: (formData: FormData) =>
    staffFetch(contract.uploadStaffLibraryDocumentFile, { params: { kind, key: key! }, formData }),
  publish: (published: boolean) =>
    staffFetch(published ? contract.publishStaffLibraryDocument : contract.unpublishStaffLibraryDocument, {
      params: { kind, key: key! },
    }),
});
