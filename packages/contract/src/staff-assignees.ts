import * as z from 'zod/mini';

/**
 * Work assigned to people (issue 47, docs/decisions/back-office.md): orders, enrollments and cases each have an
 * assignee (a staff member, or nobody), and every queue filters by it. Apart from the dashboard (staff-work.ts), so
 * that a queue's page loads these few lines only.
 */

/**
 * The assignee filter of every queue: `mine` (the signed-in member), `none` (unassigned) or a staff member's id. An
 * empty value is no filter.
 */
export const ASSIGNEE_MINE = 'mine';
export const ASSIGNEE_NONE = 'none';
export const AssigneeFilterSchema = z.string().check(z.trim(), z.maxLength(64));

/** A staff member as the queues name them: their name, or the e-mail's local part when they have none. */
export const WorkAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type WorkAssignee = z.infer<typeof WorkAssigneeSchema>;

/** Whom a selection is assigned to: a staff member's id, or null to unassign. */
export const AssigneeIdSchema = z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)));
