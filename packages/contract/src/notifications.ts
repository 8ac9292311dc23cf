import { z } from 'zod';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';

/**
 * The agents' notification centre (issue 32): what the provider's staff did that the agent should know, newest
 * first, each opening what it is about. An agent sees only their own (404 for anyone else's).
 */

export const NOTIFICATION_KINDS = ['order-shipped', 'order-cancelled'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** a path in the portal, or an outside link (a tracking page) */
  link: z.string().nullable(),
  createdAt: DateTimeSchema,
  readAt: DateTimeSchema.nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  rows: z.array(NotificationSchema),
  /** the `before` of the next page; null on the last one */
  nextBefore: z.number().int().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/arc/agent/notifications',
  summary: "The agent's notifications, newest first, a page at a time (before: the last id seen)",
  tags: ['notifications'],
  auth: 'agent',
  query: z.object({ before: IntIdSchema.optional() }),
  responses: { 200: NotificationListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});

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
