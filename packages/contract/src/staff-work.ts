import * as z from 'zod/mini';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, type StaffRole } from './common.ts';
import { WorkAssigneeSchema } from './staff-assignees.ts';
import { ANY_STAFF } from './staff.ts';

/**
 * The back office's work dashboard (issue 47, docs/decisions/back-office.md): how much waits in each queue, how old it
 * is against its SLA, the signed-in member's work and each member's (who works what: staff-assignees.ts).
 */

/** The queues work is assigned in, and the roles a member needs to be assigned work in each. */
export const WORK_ROLES = {
  orders: ['admin', 'operations'],
  // support reads the enrollment queue and works the enrollments assigned to them (docs/decisions/back-office.md)
  enrollments: ['admin', 'operations', 'support'],
  cases: ['admin', 'operations', 'support'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type WorkKind = keyof typeof WORK_ROLES;

export const WORK_MESSAGES = {
  notAnAssignee: 'Choose an active staff member who works this queue.',
  supportAssignedOnly: 'Support works only the enrollments assigned to them. Ask for it to be assigned to you.',
} as const;

/** The dashboard's queues: what waits for the back office, oldest first. */
export const WORK_QUEUES = ['orders', 'enrollments', 'pended', 'cases'] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];
export const WORK_QUEUE_LABELS: Record<WorkQueue, string> = {
  orders: 'Supply orders not completed',
  enrollments: 'Enrollments received or in review',
  pended: 'Pended enrollments',
  cases: 'Cases open and unassigned',
};
/** The days the dashboard's received-against-done table covers, today included. */
export const WORK_TREND_DAYS = 30;

export const WorkQueueSummarySchema = z.object({
  queue: z.enum(WORK_QUEUES),
  label: z.string(),
  /** how many wait */
  waiting: z.int(),
  /** when the oldest waiting one came in; null when none waits */
  oldestAt: z.nullable(DateTimeSchema),
  /** the queue's service level: how long one may wait (SLA_*_HOURS) */
  slaHours: z.int(),
  /** how many have waited longer than slaHours */
  pastSla: z.int(),
});
export type WorkQueueSummary = z.infer<typeof WorkQueueSummarySchema>;

/** Open work by kind: orders not shipped or cancelled, enrollments not submitted or decided, cases not closed. */
export const OpenWorkSchema = z.object({ orders: z.int(), enrollments: z.int(), cases: z.int() });
export type OpenWork = z.infer<typeof OpenWorkSchema>;

export const WorkTrendDaySchema = z.object({
  /** YYYY-MM-DD in the business time zone */
  day: z.string(),
  received: z.int(),
  done: z.int(),
});
export type WorkTrendDay = z.infer<typeof WorkTrendDaySchema>;

export const WorkDashboardSchema = z.object({
  queues: z.array(WorkQueueSummarySchema),
  /** the signed-in member's open work */
  mine: OpenWorkSchema,
  /** each active member with open work assigned, by name */
  members: z.array(z.object({ ...WorkAssigneeSchema.shape, ...OpenWorkSchema.shape })),
  /** per kind, the last WORK_TREND_DAYS days: how many came in and how many were done, oldest day first */
  trend: z.object({
    orders: z.array(WorkTrendDaySchema),
    enrollments: z.array(WorkTrendDaySchema),
    cases: z.array(WorkTrendDaySchema),
  }),
});
export type WorkDashboard = z.infer<typeof WorkDashboardSchema>;

export const getWorkDashboard = defineRoute({
  method: 'GET',
  path: '/arc/staff/work',
  summary: 'The work dashboard: each queue’s waiting work, its age against the SLA, my work, each member’s work',
  tags: ['staff'],
  auth: ANY_STAFF,
  responses: { 200: WorkDashboardSchema, 400: ErrorResponseSchema },
});
