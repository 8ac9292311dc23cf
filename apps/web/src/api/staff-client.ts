import type { RouteEntry } from '@arc/contract';
import { staffAccessToken } from '../auth/staff-session.ts';
import { apiFetch, type ApiFetchOptions } from './client.ts';

/** A staff call: the staff session's token (never the agent's), through the app's one client. */
export function staffFetch<E extends RouteEntry>(entry: E, options: ApiFetchOptions<E> = {}) {
  const token = staffAccessToken();
  return apiFetch(entry, { ...options, ...(token ? { token } : {}) });
}
