import {
  getUnreadNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@arc/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { useSubmit } from './use-submit.ts';

/**
 * How often an open portal asks for the unread count (one small indexed count). Until the live stream of issue
 * 32 lands, this is how a new notification reaches an open portal without a reload.
 */
const UNREAD_REFRESH_MS = 20_000;

export const notificationsQueries = {
  all: () => ['notifications'] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationsQueries.all(), 'unread-count'],
      queryFn: ({ signal }) => apiFetch(getUnreadNotificationCount, { signal }),
      refetchInterval: UNREAD_REFRESH_MS,
    }),
  list: () =>
    queryOptions({
      queryKey: [...notificationsQueries.all(), 'list'],
      queryFn: ({ signal }) => apiFetch(listNotifications, { signal }),
    }),
};

/** Mark one read (null: all of them); the count and the list reload. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useSubmit({
    mutationFn: (id: number | null) =>
      id === null ? apiFetch(markAllNotificationsRead) : apiFetch(markNotificationRead, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueries.all() }),
  });
}
