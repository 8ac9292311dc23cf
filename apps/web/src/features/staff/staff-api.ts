import type { RouteEntry } from '@arc/contract';
import { apiFetch, type ApiFetchOptions } from '../../api/client.ts';
import { staffAccessToken } from './staff-session.ts';

/** A staff call: the staff session's token (never the agent's), through the app's one client. */
export function staffFetch<E extends RouteEntry>(entry: E, options: ApiFetchOptions<E> = {}) {
  const token = staffAccessToken();
  return apiFetch(entry, { ...options, ...(token ? { token } : {}) });
}
