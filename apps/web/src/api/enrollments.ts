import {
  createEnrollment,
  createEnrollmentsExportToken,
  ENROLLMENTS_EXPORT_FILE_NAME,
  exportEnrollments,
  ENROLLMENT_UPLOAD_FIELDS,
  EnrollmentSchema,
  ErrorResponseSchema,
  listEnrollments,
  type Enrollment,
  type EnrollmentMode,
} from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { clientHooks } from './client-hooks.ts';
import { ApiError, apiFetch } from './client.ts';
import { saveFileWithToken, type DownloadProgress } from './files.ts';

export const enrollmentsQueries = {
  all: () => ['enrollments'] as const,
  list: () =>
    queryOptions({
      queryKey: [...enrollmentsQueries.all(), 'list'],
      queryFn: ({ signal }) => apiFetch(listEnrollments, { signal }),
      // a status or a pended reason set by the provider's staff shows at once: on every visit and on coming back
      // to the tab, not after the app's 30 s
      staleTime: 0,
      refetchOnWindowFocus: true,
    }),
};

/**
 * The agent's enrollments as `Enrollments.xlsx`: a single-use token, then (after the spec's 500 ms) the
 * spreadsheet through the shared download flow, so a failure shows its message instead of saving an error.
 */
export const downloadEnrollmentsExport = (onProgress?: DownloadProgress): Promise<void> =>
  saveFileWithToken(() => apiFetch(createEnrollmentsExportToken), exportEnrollments, {
    fileName: ENROLLMENTS_EXPORT_FILE_NAME,
    onProgress,
  });

/** Seconds since the epoch at which a JWT expires (its `exp`), or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (json as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Spec part 2 §5: the token's expiry is checked, in seconds, before an upload starts. */
export const isTokenExpired = (token: string, nowMs = Date.now()): boolean => {
  const exp = tokenExpiry(token);
  return exp !== null && exp <= Math.floor(nowMs / 1000);
};

export interface UploadEnrollmentOptions {
  file: File;
  mode: EnrollmentMode;
  /** the agent's client it is for (issue 46) */
  clientId?: string;
  carrier?: string;
  plan?: string;
  /** 0 to 1, as the bytes leave the browser */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /arc/agent/enrollments as multipart (`clientId`, `carrier`, `plan`, `radio1` first, then `enrollment`), through XMLHttpRequest because
 * fetch reports no upload progress. 201 is success; any other answer rejects with the server's message.
 * An expired token restarts sign-in (back to this screen afterwards) instead of sending 100 MB for a 401.
 */
export function uploadEnrollment({
  file,
  mode,
  clientId,
  carrier,
  plan,
  onProgress,
  signal,
}: UploadEnrollmentOptions): Promise<Enrollment> {
  const hooks = clientHooks();
  const token = hooks.getToken();
  if (!token || isTokenExpired(token)) {
    hooks.onUnauthorized();
    return Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.'));
  }
  const form = new FormData();
  // what the agent names goes before the file: the server checks the client before a byte of the file is stored
  if (clientId) form.append(ENROLLMENT_UPLOAD_FIELDS.client, clientId);
  if (carrier?.trim()) form.append(ENROLLMENT_UPLOAD_FIELDS.carrier, carrier.trim());
  if (plan?.trim()) form.append(ENROLLMENT_UPLOAD_FIELDS.plan, plan.trim());
  form.append(ENROLLMENT_UPLOAD_FIELDS.mode, mode);
  form.append(ENROLLMENT_UPLOAD_FIELDS.file, file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(createEnrollment.method, createEnrollment.path);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const json = safeJson(xhr.responseText);
      if (xhr.status === 201) {
        const parsed = EnrollmentSchema.safeParse(json);
        if (parsed.success) {
          onProgress?.(1);
          resolve(parsed.data);
        } else {
          reject(new ApiError(201, 'INVALID_RESPONSE', 'The server sent an answer this page does not understand.'));
        }
        return;
      }
      if (xhr.status === 401) hooks.onUnauthorized();
      const error = ErrorResponseSchema.safeParse(json);
      reject(
        error.success
          ? new ApiError(xhr.status, error.data.code, error.data.message)
          : new ApiError(xhr.status, 'HTTP_ERROR', `The server answered ${xhr.status}.`),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
