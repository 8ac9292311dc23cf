import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';

/**
 * The agents' notification centre (issue 32), the calls the bell in every page's header makes (the list's are in
 * notification-list.ts, loaded only with the list): what the provider's staff did that the agent should know, newest
 * first, each opening what it is about. An agent sees only their own (404 for anyone else's).
 */

export const UnreadCountSchema = z.object({ unread: z.int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const getUnreadNotificationCount = defineRoute({
  method: 'GET',
  path: '/arc/agent/notifications/unread-count',
  summary: "How many of the agent's notifications are unread",
  tags: ['notifications'],
  auth: 'agent',
  responses: { 200: UnreadCountSchema, 401: ErrorResponseSchema },
});

export const markNotificationRead = defineRoute({
  method: 'POST',
  path: '/arc/agent/notifications/:id/read',
  summary: 'Mark one of the agent’s notifications read; answers the unread count',
  tags: ['notifications'],
  auth: 'agent',
  params: z.object({ id: IntIdSchema }),
  responses: { 200: UnreadCountSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const markAllNotificationsRead = defineRoute({
  method: 'POST',
  path: '/arc/agent/notifications/read-all',
  summary: 'Mark all read: every notification of the agent',
  tags: ['notifications'],
  auth: 'agent',
  responses: { 200: UnreadCountSchema, 401: ErrorResponseSchema },
});

/**
 * What the live stream sends (docs/decisions/notifications.md), as `event: unread` with this JSON as its data: the
 * agent's unread count, and the notification that raised it (null for the count sent on (re)connect, which catches up
 * on whatever a closed connection missed).
 */
export const NotificationEventSchema = z.object({ unread: z.int(), id: z.nullable(z.int()) });
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;
export const NOTIFICATION_EVENT = 'unread';

export const streamNotifications = defineRoute({
  method: 'GET',
  path: '/arc/agent/notifications/stream',
  summary:
    'Server-Sent Events (text/event-stream): an `unread` event with the count at once, then one per new notification; heartbeat comments keep it open until the access token expires',
  tags: ['notifications'],
  auth: 'agent',
  responses: { 200: z.string(), 401: ErrorResponseSchema, 429: ErrorResponseSchema },
});
