import { buildPath, ErrorResponseSchema, TERMS_NOT_ACCEPTED, type RouteEntry } from '@arc/contract';
import type * as z from 'zod/mini';
import { ApiError } from './api-error.ts';
import { clientHooks } from './client-hooks.ts';

export { ApiError, errorMessage } from './api-error.ts';

type Input<T> = T extends z.ZodMiniType ? z.input<T> : never;
type SuccessStatus = 200 | 201 | 202;
type Success<E extends RouteEntry> = {
  [S in keyof E['responses']]: S extends SuccessStatus ? z.output<E['responses'][S]> : never;
}[keyof E['responses']];

export interface ApiFetchOptions<E extends RouteEntry> {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Input<E['body']>;
  /** a multipart/form-data body (an upload), for entries whose body is not JSON */
  formData?: FormData;
  /** a bearer other than the session's (the e-mailed link token) */
  token?: string;
  /** extra request headers the entry declares (Idempotency-Key) */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls one contract entry: builds the URL, sends the bearer, parses the answer with the entry's schema. */
export async function apiFetch<E extends RouteEntry>(entry: E, options: ApiFetchOptions<E> = {}): Promise<Success<E>> {
  const response = await apiRequest(entry, options);
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  const schema = entry.responses[response.status as SuccessStatus];
  if (!schema) return json as Success<E>;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The server sent an answer this page does not understand.');
  }
  return parsed.data as Success<E>;
}

/**
 * Sends one contract entry's request (the URL, the bearer, a JSON body) and answers its 2xx response unread: the
 * one request of `apiFetch` and of the file downloads (api/files.ts). No answer throws the network error; a refusal
 * throws an `ApiError` with the server's message (a 401 to the session's token ends it, a 403 TERMS_NOT_ACCEPTED
 * asks for the terms).
 */
export async function apiRequest<E extends RouteEntry>(entry: E, options: ApiFetchOptions<E> = {}): Promise<Response> {
  const url = new URL(buildPath(entry.path, options.params), window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const hooks = clientHooks();
  const sessionToken = entry.auth === 'agent' ? hooks.getToken() : null;
  const token = options.token ?? sessionToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: entry.method,
      headers,
      body: options.formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }

  if (!response.ok) {
    const text = await response.text();
    const parsed = ErrorResponseSchema.safeParse(text ? safeJson(text) : undefined);
    const error = parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.fieldErrors)
      : new ApiError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`);
    if (response.status === 401 && sessionToken && !options.token) hooks.onUnauthorized();
    if (response.status === 403 && error.code === TERMS_NOT_ACCEPTED) hooks.onTermsRequired();
    throw error;
  }
  return response;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
