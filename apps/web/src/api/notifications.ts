import { getUnreadNotificationCount } from '@arc/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * How often an open portal asks for the unread count (one small indexed count). Until the live stream of issue
 * 32 lands, this is how a new notification reaches an open portal without a reload.
 */
const UNREAD_REFRESH_MS = 20_000;

/**
 * The bell's one query, in every page's header (the list and its calls are in notification-list.ts, loaded with
 * the list on the first click).
 */
export const notificationsQueries = {
  all: () => ['notifications'] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationsQueries.all(), 'unread-count'],
      queryFn: ({ signal }) => apiFetch(getUnreadNotificationCount, { signal }),
      refetchInterval: UNREAD_REFRESH_MS,
    }),
};
