import { vi } from 'vitest';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * Stubs fetch with answers by "METHOD /path" (the path without the query); unknown calls answer 404.
 * Answers may be a function of the call, to vary per attempt.
 */
export function mockFetch(answers: Record<string, MockAnswer | ((call: RecordedCall) => MockAnswer)>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const entry = answers[`${call.method} ${call.path}`];
    const answer =
      typeof entry === 'function'
        ? entry(call)
        : (entry ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
