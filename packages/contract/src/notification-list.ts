import { z } from 'zod';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';
import { NOTIFICATION_KINDS } from './notifications.ts';

/** The agents' notification centre's list (issue 32): apart from the bell's calls, so only the list loads it. */

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

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/arc/agent/notifications',
  summary: "The agent's notifications, newest first, a page at a time (before: the last id seen)",
  tags: ['notifications'],
  auth: 'agent',
  query: z.object({ before: IntIdSchema.optional() }),
  responses: { 200: NotificationListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});
