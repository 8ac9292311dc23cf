import { getUnreadNotificationCount } from '@arc/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from './client.ts';

/**
 * How often an open portal asks for the unread count (one small indexed count) while the live stream
 * (notification-stream.ts, docs/decisions/notifications.md) cannot connect; while it is open, the stream brings every
 * change.
 */
const UNREAD_REFRESH_MS = 20_000;

/**
 * The bell's one query, in every page's header (the list and its calls are in notification-list.ts, loaded with
 * the list on the first click).
 */
export const notificationsQueries = {
  all: () => ['notifications'] as const,
  unreadCount: (isLive = false) =>
    queryOptions({
      queryKey: [...notificationsQueries.all(), 'unread-count'],
      queryFn: ({ signal }) => apiFetch(getUnreadNotificationCount, { signal }),
      refetchInterval: isLive ? false : UNREAD_REFRESH_MS,
    }),
};

/**
 * Resolves once the page has loaded (its `load` event): the stream's module and its connection (a request that never
 * ends) stay out of the page's first load, where they competed with the screen's own chunks and data for a phone's
 * bandwidth and CPU (issue 48).
 */
const pageLoaded = () =>
  new Promise((r) => (document.readyState === 'complete' ? r(0) : addEventListener('load', r, { once: true })));

/**
 * The bell's unread count, live: the notification stream (docs/decisions/notifications.md; its module loads once the
 * page has loaded) sets it and reloads the list (and My cases) on each event; while the stream cannot connect, the count is polled.
 */
export function useUnreadNotificationCount(): number {
  const queryClient = useQueryClient();
  const [isLive, setLive] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isGone = false;
    void pageLoaded()
      .then(() => import('./notification-stream.ts'))
      .then(({ openNotificationStream, applyNotificationEvent }) => {
        if (isGone) return;
        stop = openNotificationStream({
          onLive: setLive,
          onEvent: (event) => applyNotificationEvent(queryClient, event),
        });
      });
    return () => {
      isGone = true;
      stop?.();
    };
  }, [queryClient]);
  return useQuery(notificationsQueries.unreadCount(isLive)).data?.unread ?? 0;
}
