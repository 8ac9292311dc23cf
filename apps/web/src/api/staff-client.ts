import { buildPath, type RouteEntry } from '@arc/contract';
import { staffAccessToken } from '../auth/staff-session.ts';
import { ApiError } from './api-error.ts';
import { apiFetch, type ApiFetchOptions } from './client.ts';
import { saveResponse } from './files.ts';

/** A staff call: the staff session's token (never the agent's), through the app's one client. */
export function staffFetch<E extends RouteEntry>(entry: E, options: ApiFetchOptions<E> = {}) {
  const token = staffAccessToken();
  return apiFetch(entry, { ...options, ...(token ? { token } : {}) });
}

/**
 * A staff call that answers a file (an export, a PDF), with the staff token: the response as sent, for the caller
 * to save or draw (a refusal's message is read from it, `api/files.ts`); no answer at all is the network error.
 */
export async function staffFileResponse(
  entry: RouteEntry,
  options: {
    /** the entry's path parameters (an SOA's id and version) */
    params?: Record<string, string | number>;
    query?: Record<string, string | undefined>;
    /** a JSON body (the orders' export names its ids) */
    body?: unknown;
  } = {},
): Promise<Response> {
  const url = new URL(buildPath(entry.path, options.params ?? {}), window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value) url.searchParams.set(key, value);
  const token = staffAccessToken();
  const hasBody = options.body !== undefined;
  try {
    return await fetch(url, {
      method: entry.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
}

/** A staff call that answers a file, saved under the name in its `Content-Disposition` (a refusal throws). */
export async function staffDownload(
  entry: RouteEntry,
  options: Parameters<typeof staffFileResponse>[1],
  fallbackName: string,
): Promise<void> {
  await saveResponse(await staffFileResponse(entry, options), fallbackName);
}
