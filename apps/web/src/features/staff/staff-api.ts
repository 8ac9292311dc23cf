import { buildPath, type RouteEntry } from '@arc/contract';
import { ApiError } from '../../api/api-error.ts';
import { apiFetch, type ApiFetchOptions } from '../../api/client.ts';
import { saveResponse } from '../../api/files.ts';
import { staffAccessToken } from './staff-session.ts';

/** A staff call: the staff session's token (never the agent's), through the app's one client. */
export function staffFetch<E extends RouteEntry>(entry: E, options: ApiFetchOptions<E> = {}) {
  const token = staffAccessToken();
  return apiFetch(entry, { ...options, ...(token ? { token } : {}) });
}

/**
 * A staff call that answers a file (the audit log's `.xlsx`): fetched with the staff token and saved under the
 * name in its `Content-Disposition`; a refusal throws the server's message instead.
 */
export async function staffDownload(
  entry: RouteEntry,
  query: Record<string, string | undefined>,
  fallbackName: string,
  /** the entry's path parameters (an SOA's id and version) */
  params: Record<string, string | number> = {},
): Promise<void> {
  const url = new URL(buildPath(entry.path, params), window.location.origin);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  const token = staffAccessToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  await saveResponse(response, fallbackName);
}
