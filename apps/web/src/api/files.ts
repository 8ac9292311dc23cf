import {
  buildPath,
  createDownloadToken,
  downloadFile,
  DOWNLOAD_CLICK_DELAY_MS,
  ErrorResponseSchema,
} from '@arc/contract';
import { ApiError } from './api-error.ts';
import { apiFetch } from './client.ts';

/**
 * Downloads a stored file: a single-use token first, then (after the spec's 500 ms) the file itself.
 *
 * The file is fetched, not opened by a link: a link saves whatever the server answers, so an expired token
 * or a missing file used to land on disk as a small `.json` file with no word to the agent. Fetching lets a
 * failure reject (the caller shows "Download Failed"); the browser keeps the body as a Blob (Chromium spills
 * large ones to disk) and saves it under the name the server gives.
 */
export async function downloadStoredFile(file: string): Promise<void> {
  const { token } = await apiFetch(createDownloadToken, { body: { file } });
  await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_CLICK_DELAY_MS));
  const response = await fetchOrNetworkError(buildPath(downloadFile.path, { token }));
  await saveResponse(response, 'download');
}

/**
 * Saves a file response under the name in its `Content-Disposition` (else `fallbackName`). A non-2xx answer
 * throws an {@link ApiError} with the server's message instead of saving anything.
 */
export async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  if (!response.ok) throw await errorFrom(response);
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has taken its copy once the click is handled; free the memory soon after
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `attachment; filename="a.pdf"; filename*=UTF-8''a%20b.pdf` → the RFC 6266 name, preferring `filename*`. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}

async function fetchOrNetworkError(url: string): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  return parsed.success
    ? new ApiError(response.status, parsed.data.code, parsed.data.message)
    : new ApiError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`);
}
