import {
  getNotificationEmailSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationEmailSettings,
  type NotificationEmailSettings,
} from '@arc/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { notificationsQueries } from './notifications.ts';
import { useSubmit } from './use-submit.ts';

/** The notification centre's list (loaded with the list, not with the bell). */
export const notificationListQuery = () =>
  queryOptions({
    queryKey: [...notificationsQueries.all(), 'list'],
    queryFn: ({ signal }) => apiFetch(listNotifications, { signal }),
  });

/** Mark one read (null: all of them); the count and the list reload. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useSubmit({
    mutationFn: (id: number | null) =>
      id === null ? apiFetch(markAllNotificationsRead) : apiFetch(markNotificationRead, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueries.all() }),
  });
}

/** My Profile: the kinds the agent does not want by e-mail. */
export const notificationEmailSettingsQuery = () =>
  queryOptions({
    queryKey: [...notificationsQueries.all(), 'email-settings'],
    queryFn: ({ signal }) => apiFetch(getNotificationEmailSettings, { signal }),
  });

export function useUpdateNotificationEmailSettings() {
  const queryClient = useQueryClient();
  return useSubmit({
    mutationFn: (body: NotificationEmailSettings) => apiFetch(updateNotificationEmailSettings, { body }),
    onSuccess: (data) => queryClient.setQueryData(notificationEmailSettingsQuery().queryKey, data),
  });
}
