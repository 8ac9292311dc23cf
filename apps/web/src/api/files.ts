import { createDownloadToken, downloadFile, DOWNLOAD_CLICK_DELAY_MS, type RouteEntry } from '@arc/contract';
import { apiFetch, apiRequest } from './client.ts';

/** How far a download has come, 0 to 1; called only when the answer's size is known. */
export type DownloadProgress = (fraction: number) => void;

export interface FileRequest {
  /** the entry's path parameters (an SOA's id and version, a download token) */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** a JSON body (the exports that name their rows) */
  body?: unknown;
  /**
   * Where the bearer comes from: by default the agent session's for an `agent` entry and none for any other (a
   * link whose path carries its token); the back office passes `staffAccessToken` (never the agent's).
   */
  token?: () => string | null;
  /** the name to save under when the answer's `Content-Disposition` names none */
  fileName: string;
  onProgress?: DownloadProgress | undefined;
}

/** The answer's body could not be read (a stored gzip the browser cannot decode, a connection cut mid-file). */
export class FileReadError extends Error {}

/**
 * The one download request of the app (agent side and back office): calls `entry` with its bearer, reports
 * progress while the body arrives when its size is known, and answers the bytes with the name the server gives.
 * No answer throws the app's network error; a refusal throws an `ApiError` with the message of the server's
 * JSON error body; a body that cannot be read throws {@link FileReadError}. Nothing is saved on a failure.
 */
export async function fetchFile(entry: RouteEntry, request: FileRequest): Promise<{ blob: Blob; fileName: string }> {
  const { token, fileName, onProgress, ...call } = request;
  const bearer = token?.();
  const response = await apiRequest(entry, { ...call, ...(bearer ? { token: bearer } : {}) });
  const blob = await readBody(response, onProgress);
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fileName };
}

/** {@link fetchFile}, then the file handed to the browser under its name: every download button's request. */
export async function saveFile(entry: RouteEntry, request: FileRequest): Promise<void> {
  const { blob, fileName } = await fetchFile(entry, request);
  saveBlob(blob, fileName);
}

/**
 * A file behind a single-use token (a stored file, the agent's SOA and enrollments exports): the token first, then
 * after the spec's 500 ms the file itself through {@link saveFile}. The file is fetched, not opened by a link: a link
 * saves whatever the server answers, so an expired token would land on disk as a small `.json` file.
 */
export async function saveFileWithToken(
  issueToken: () => Promise<{ token: string }>,
  entry: RouteEntry,
  request: Omit<FileRequest, 'params' | 'token'>,
): Promise<void> {
  const { token } = await issueToken();
  await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_CLICK_DELAY_MS));
  await saveFile(entry, { ...request, params: { token } });
}

/** A stored file by its download identifier: the token → file flow of `POST /arc/downloadtoken`. */
export const downloadStoredFile = (file: string, onProgress?: DownloadProgress): Promise<void> =>
  saveFileWithToken(() => apiFetch(createDownloadToken, { body: { file } }), downloadFile, {
    fileName: 'download',
    onProgress,
  });

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

async function readBody(response: Response, onProgress: DownloadProgress | undefined): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length'));
  // a compressed answer's length counts the encoded bytes, not the decoded ones read here
  const total = response.headers.get('content-encoding') || !(length > 0) ? 0 : length;
  try {
    if (!onProgress || !total || !response.body) return await response.blob();
    const reader = response.body.getReader();
    const parts: BlobPart[] = [];
    let received = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parts.push(chunk.value);
      received += chunk.value.byteLength;
      onProgress(Math.min(1, received / total));
    }
    return new Blob(parts, { type });
  } catch (err) {
    throw new FileReadError(`The file could not be read: ${(err as Error).message}`);
  }
}
