import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientHooks, configureApiClient } from './client-hooks.ts';
import { openNotificationStream } from './notification-stream.ts';

const hooksBefore = clientHooks();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // the hooks in place before this file (the session's, when auth/session.ts is loaded): the web tests share modules
  configureApiClient(hooksBefore);
});

/** An event stream answer sending `chunks`, then ending (or staying open when `isOpen`). */
function eventStream(chunks: string[], isOpen = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!isOpen) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

describe('openNotificationStream', () => {
  it("reads the stream with the session's bearer, hands on each unread event, reconnects after it ends and after a failure (polling meanwhile)", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    configureApiClient({ getToken: () => 'session-token', onUnauthorized: () => {}, onTermsRequired: () => {} });
    const answers = [
      // an event split across chunks, a heartbeat, another event, and something that is not ours
      () =>
        eventStream([
          'event: unread\ndata: {"unread":2,',
          '"id":null}\n\n:\n\n',
          'event: unread\ndata: {"unread":3,"id":41}\n\nevent: other\ndata: {}\n\n',
        ]),
      () => Response.json({ code: 'UNAVAILABLE', message: 'Try again' }, { status: 503 }),
      () => eventStream(['event: unread\ndata: {"unread":5,"id":null}\n\n'], true),
    ];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);
    const events: unknown[] = [];
    const live: boolean[] = [];
    const stop = openNotificationStream({
      onEvent: (event) => events.push(event),
      onLive: (isLive) => live.push(isLive),
    });

    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { unread: 2, id: null },
      { unread: 3, id: 41 },
    ]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/arc/agent/notifications/stream');
    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer session-token',
    });
    // the stream ended: about a second later it opens again; that one fails (the bell polls), then back-off
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(live.at(-1)).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(live.at(-1)).toBe(true);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
