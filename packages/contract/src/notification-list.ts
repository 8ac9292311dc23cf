import * as z from 'zod/mini';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';

/**
 * What a notification is about: kept here with the list and the e-mail opt-outs, not with the bell's calls, so that
 * a new kind does not grow every page.
 */
export const NOTIFICATION_KINDS = [
  'order-shipped',
  'order-cancelled',
  'case-reply',
  'soa-signed',
  'enrollment-pended',
  'enrollment-resolved',
  /** an enrollment was submitted to the carrier (issue 47): the back office's work is done, the carrier's answer comes */
  'enrollment-submitted',
  /** staff recorded an enrollment's outcome: enrolled, declined, withdrawn or cancelled (issue 46) */
  'enrollment-outcome',
  'commission-statement',
  /** an import changed the agent's Ready-to-Sell marks or added certifications: the bell opens the board */
  'ready-to-sell-changed',
  /** a new terms version was published: the bell opens the terms gate */
  'terms-updated',
  /** e-mail only: the weekly digest of the agent's open pended enrollments (never a row under the bell) */
  'enrollment-pended-digest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The agents' notification centre's list (issue 32): apart from the bell's calls, so only the list loads it. */

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NotificationSchema = z.object({
  id: z.int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** a path in the portal, or an outside link (a tracking page) */
  link: z.nullable(z.string()),
  createdAt: DateTimeSchema,
  readAt: z.nullable(DateTimeSchema),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  rows: z.array(NotificationSchema),
  /** the `before` of the next page; null on the last one */
  nextBefore: z.nullable(z.int()),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/arc/agent/notifications',
  summary: "The agent's notifications, newest first, a page at a time (before: the last id seen)",
  tags: ['notifications'],
  auth: 'agent',
  query: z.object({ before: z.optional(IntIdSchema) }),
  responses: { 200: NotificationListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});

// ── My Profile: which notifications also come by e-mail (in the portal they always show) ─────────────

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'order-shipped': 'A supply order shipped',
  'order-cancelled': 'A supply order was cancelled',
  'case-reply': 'A reply to one of your cases',
  'soa-signed': 'A beneficiary signed a Scope of Appointment',
  'enrollment-pended': 'An enrollment was pended (what is missing)',
  'enrollment-resolved': 'A pended enrollment was resolved',
  'enrollment-submitted': 'An enrollment was submitted to the carrier',
  'enrollment-outcome': 'An enrollment’s outcome',
  'commission-statement': 'A new commission statement was published',
  'enrollment-pended-digest': 'A weekly summary of my pended enrollments',
  'terms-updated': 'New Terms of Service to accept',
  'ready-to-sell-changed': 'My Ready to Sell marks or certifications changed',
};

export const NotificationEmailSettingsSchema = z.object({
  /** the kinds the agent does not want by e-mail */
  optedOut: z.array(z.enum(NOTIFICATION_KINDS)).check(z.maxLength(NOTIFICATION_KINDS.length)),
});
export type NotificationEmailSettings = z.infer<typeof NotificationEmailSettingsSchema>;

export const getNotificationEmailSettings = defineRoute({
  method: 'GET',
  path: '/arc/agent/notifications/email-settings',
  summary: 'Which kinds of notification the agent does not want by e-mail',
  tags: ['notifications'],
  auth: 'agent',
  responses: { 200: NotificationEmailSettingsSchema, 401: ErrorResponseSchema },
});

export const updateNotificationEmailSettings = defineRoute({
  method: 'PUT',
  path: '/arc/agent/notifications/email-settings',
  summary: 'Set the kinds of notification the agent does not want by e-mail',
  tags: ['notifications'],
  auth: 'agent',
  body: NotificationEmailSettingsSchema,
  responses: { 200: NotificationEmailSettingsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});
