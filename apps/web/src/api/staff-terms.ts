import * as contract from '@arc/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { formatViewerInstant } from '../ui/viewer-time.ts';
import { staffFetch } from './staff-client.ts';

/** The back office's terms calls as query options (keys start with ['staff', 'terms']). */
export const staffTermsKey = ['staff', 'terms'] as const;

export const staffTermsVersionsQuery = () => ({
  queryKey: [...staffTermsKey, 'versions'],
  queryFn: ({ signal }: { signal: AbortSignal }) => staffFetch(contract.listStaffTermsVersions, { signal }),
});

export const staffTermsVersionQuery = (id: number) => ({
  queryKey: [...staffTermsKey, 'version', id],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    staffFetch(contract.getStaffTermsVersion, { params: { id }, signal }),
  retry: false,
});

export const termsAcceptancesQuery = (search: { version: number | undefined; page: number }) => ({
  queryKey: [...staffTermsKey, 'acceptances', search],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    staffFetch(contract.listTermsAcceptances, { query: { version: search.version, page: search.page }, signal }),
  // the previous page stays on screen (dimmed) while the next one loads
  placeholderData: keepPreviousData,
});

/** Saves a draft (`id`), or starts a new one (no id). */
export const saveStaffTermsDraft = (id: number | undefined, draft: contract.TermsDraft) =>
  id !== undefined
    ? staffFetch(contract.updateStaffTermsDraft, { params: { id }, body: draft })
    : staffFetch(contract.createStaffTermsDraft, { body: draft });

/** Publishes a version now (`effectiveAt` null) or schedules it. */
export const publishStaffTermsVersion = (id: number, effectiveAt: Date | null) =>
  staffFetch(contract.publishStaffTermsVersion, {
    params: { id },
    body: { effectiveAt: effectiveAt?.toISOString() ?? null },
  });

export const formatTermsTime = (value: Date | null) => (value ? formatViewerInstant(value) : '—');

/** A status's badge colour (filled, white text that passes the contrast check). */
export const TERMS_STATUS_COLORS: Record<contract.TermsVersionStatus, string> = {
  draft: 'gray.7',
  scheduled: 'grape.8',
  published: 'blue.8',
  superseded: 'dark.6',
};

export const TERMS_STATUS_LABELS: Record<contract.TermsVersionStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  superseded: 'Superseded',
};

/** Who has not accepted the version in force, a page at a time (issue 47). */
export const termsNotAcceptedQuery = (search: { q: string | undefined; page: number }) => ({
  queryKey: [...staffTermsKey, 'not-accepted', search],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    staffFetch(contract.listTermsNotAccepted, { query: { q: search.q, page: search.page }, signal }),
  placeholderData: keepPreviousData,
});

/** Reminds one agent, a selection (NPNs) or everyone who has not accepted the version in force. */
export const remindTermsNotAccepted = (body: contract.RemindTerms) =>
  staffFetch(contract.remindTermsNotAccepted, { body });
