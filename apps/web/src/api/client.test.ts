import { getCounties, getCurrentAgent } from '@arc/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client-hooks.ts';
import { apiFetch } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ getToken: () => null, onUnauthorized: () => {}, onTermsRequired: () => {} });
});

describe('apiFetch', () => {
  it("sends the session's token to agent calls only (the entry's declared credential)", async () => {
    configureApiClient({ getToken: () => 'session-token', onUnauthorized: () => {}, onTermsRequired: () => {} });
    const fetchMock = vi.fn(async (_url: URL, _init?: RequestInit) =>
      Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const authorizationOf = async (call: Promise<unknown>) => {
      await call.catch(() => undefined);
      const init = fetchMock.mock.calls.at(-1)?.[1];
      return (init?.headers as Record<string, string> | undefined)?.authorization;
    };
    expect(await authorizationOf(apiFetch(getCurrentAgent))).toBe('Bearer session-token');
    expect(await authorizationOf(apiFetch(getCounties, { params: { state: 'WI' } }))).toBeUndefined();
  });
});
