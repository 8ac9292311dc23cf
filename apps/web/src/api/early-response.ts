/**
 * GETs every signed-in page makes (the agent, the cart), sent as the app starts with the stored token instead of
 * after the signed-in shell and the screen's code have loaded: on a slow phone that is one round trip and the
 * download of the page's chunks earlier. The answer waits here until `apiFetch` makes the same call, which takes
 * it (once) and handles it like any other answer: status, errors, the entry's schema. No contract is imported,
 * so the entry stays small.
 */
const pending = new Map<string, Promise<Response>>();

/** how long an answer nobody asked for is kept (a page that never makes the call) */
const KEEP_MS = 15_000;

const keyOf = (path: string, token: string) => `${token} ${path}`;

export function fetchEarly(path: string, token: string): void {
  const key = keyOf(path, token);
  if (pending.has(key)) return;
  const response = fetch(path, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  });
  // a failure is seen by the call that takes it; until then it is not an unhandled rejection
  response.catch(() => undefined);
  pending.set(key, response);
  window.setTimeout(() => {
    if (pending.get(key) === response) pending.delete(key);
  }, KEEP_MS);
}

/**
 * Drops every early answer not taken yet: a call that changes something (the e-mail confirmed by its link, an item
 * put in the cart) may have made them out of date, so the next GET asks the server again.
 */
export function forgetEarly(): void {
  pending.clear();
}

/** The early answer to this GET with this token, if one was sent and not taken yet. */
export function takeEarly(path: string, token: string | null): Promise<Response> | undefined {
  if (!token) return undefined;
  const key = keyOf(path, token);
  const response = pending.get(key);
  pending.delete(key);
  return response;
}
