import {
  NOTIFICATION_EVENT,
  NotificationEventSchema,
  streamNotifications,
  type NotificationEvent,
} from '@arc/contract';
import type { QueryClient } from '@tanstack/react-query';
import { clientHooks } from './client-hooks.ts';

export interface NotificationStreamOptions {
  onEvent: (event: NotificationEvent) => void;
  /** true once the stream delivers, false when it cannot connect (the bell then polls the count) */
  onLive: (isLive: boolean) => void;
}

const MAX_RETRY_MS = 30_000;

/**
 * What one event of the stream changes: the bell's count and list (notifications.ts's `notificationsQueries` keys),
 * and, when it names a new notification (a reply to a case among them), My cases (my-cases.ts's keys), so a case open
 * there shows the reply without a reload (issue 47). Only the queries on screen are fetched again; the count sent on
 * (re)connect (`id` null) is the bell's alone. The keys are written out here: this module loads after the page and
 * imports neither (notification-events.test.ts checks they agree).
 */
export function applyNotificationEvent(queryClient: QueryClient, { unread, id }: NotificationEvent): void {
  queryClient.setQueryData(['notifications', 'unread-count'], { unread });
  void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  if (id !== null) void queryClient.invalidateQueries({ queryKey: ['cases', 'mine'] });
}

/**
 * Keeps the agent's notification stream open (docs/decisions/notifications.md): a fetch with the session's bearer token
 * (EventSource cannot send one), read as Server-Sent Events. When it ends (the token expired, the replica went away) it
 * opens again after about a second, and after a failure with back-off (doubling up to 30 s, with jitter so a replica's
 * portals do not all come back at once); the first event of each connection is the count from the database, so
 * nothing missed in between is lost. Answers the function that stops it.
 */
export function openNotificationStream({ onEvent, onLive }: NotificationStreamOptions): () => void {
  const abort = new AbortController();
  const { signal } = abort;
  const pause = (ms: number) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms * (0.5 + Math.random() / 2));
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    });
  void (async () => {
    for (let failures = 0; !signal.aborted;) {
      try {
        const token = clientHooks().getToken();
        const response = await fetch(streamNotifications.path, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal,
        });
        const reader = response.ok ? response.body?.pipeThrough(new TextDecoderStream()).getReader() : undefined;
        if (!reader) throw new Error(`stream answered ${response.status}`);
        let buffer = '';
        let hasDelivered = false;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const blocks = (buffer + value).split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            const event = data && block.startsWith(`event: ${NOTIFICATION_EVENT}\n`) ? JSON.parse(data) : undefined;
            const parsed = NotificationEventSchema.safeParse(event);
            if (!parsed.success) continue;
            failures = 0;
            hasDelivered = true;
            onLive(true);
            onEvent(parsed.data);
          }
        }
        if (!hasDelivered) throw new Error('the stream ended before its first event');
      } catch {
        if (signal.aborted) return;
        failures += 1;
        onLive(false);
      }
      await pause(Math.min(MAX_RETRY_MS, 1000 * 2 ** failures));
    }
  })();
  return () => abort.abort();
}
