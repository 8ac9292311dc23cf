import * as z from 'zod/mini';
import { boundedLength, DateTimeSchema, defineRoute, ErrorResponseSchema, STAFF_ROLES } from './common.ts';
import { MANAGE_STAFF } from './staff-roles.ts';

/**
 * Staff management in the back office (issue 31): the admin lists the staff, adds one (who gets a one-time
 * enrolment link), disables one, or resets one's second factor (a new enrolment link). The same service as
 * `npm run staff` (docs/decisions/back-office.md); every change is an audit event. Issue 47 adds: change a member's
 * role, enable a disabled member, and the enrolment link e-mailed to the member as well as shown once.
 */

export const STAFF_STATUSES = ['active', 'disabled'] as const;

export const StaffMemberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  /** has set a password and a second factor through an enrolment link */
  isEnrolled: z.boolean(),
  lastSignInAt: z.nullable(DateTimeSchema),
  createdAt: DateTimeSchema,
});
export type StaffMemberRow = z.infer<typeof StaffMemberRowSchema>;

export const CreateStaffMemberSchema = z.strictObject({
  email: z
    .string()
    .check(
      boundedLength(254, 'An e-mail address is at most 254 characters'),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Enter an e-mail address'),
      z.email('Enter a valid e-mail address'),
    ),
  role: z.enum(STAFF_ROLES, { error: () => `Choose a role: ${STAFF_ROLES.join(', ')}` }),
});
export type CreateStaffMember = z.input<typeof CreateStaffMemberSchema>;

/** A member and the one-time link that sets their password and second factor (shown once: only its hash is kept). */
export const StaffEnrolmentIssuedSchema = z.object({
  member: StaffMemberRowSchema,
  enrolmentLink: z.string(),
  expiresAt: DateTimeSchema,
  /** the address the link was e-mailed to (the member's own) */
  emailedTo: z.string(),
});
export type StaffEnrolmentIssued = z.infer<typeof StaffEnrolmentIssuedSchema>;

/** A member's new role (the member's sessions stay open: each call reads the role afresh). */
export const UpdateStaffMemberRoleSchema = z.strictObject({
  role: z.enum(STAFF_ROLES, { error: () => `Choose a role: ${STAFF_ROLES.join(', ')}` }),
});
export type UpdateStaffMemberRole = z.input<typeof UpdateStaffMemberRoleSchema>;

export const StaffMemberParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const STAFF_MEMBER_MESSAGES = {
  notFound: 'No staff member has this id',
  emailTaken: 'A staff member has this e-mail address already',
  notYourself: 'You cannot disable your own account',
  notYourOwnRole: 'You cannot change your own role',
  lastAdmin: 'At least one active admin must remain: make another member admin first',
} as const;

export const listStaffMembers = defineRoute({
  method: 'GET',
  path: '/arc/staff/members',
  summary: 'Every staff member: e-mail, role, status, second factor, last sign-in',
  tags: ['staff'],
  auth: MANAGE_STAFF,
  responses: { 200: z.object({ members: z.array(StaffMemberRowSchema) }) },
});

export const createStaffMember = defineRoute({
  method: 'POST',
  path: '/arc/staff/members',
  summary: 'Add a staff member; answers the one-time enrolment link',
  tags: ['staff'],
  auth: MANAGE_STAFF,
  body: CreateStaffMemberSchema,
  responses: { 201: StaffEnrolmentIssuedSchema, 409: ErrorResponseSchema },
});

/** Ends every session and token of the member at once; an admin cannot disable themselves (409). */
export const disableStaffMember = defineRoute({
  method: 'POST',
  path: '/arc/staff/members/:id/disable',
  summary: 'Disable a staff member (every session ends)',
  tags: ['staff'],
  auth: MANAGE_STAFF,
  params: StaffMemberParamsSchema,
  responses: { 200: StaffMemberRowSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
});

/** Removes the second factor and password, ends every session and answers a new enrolment link (re-enables). */
export const resetStaffMemberSecondFactor = defineRoute({
  method: 'POST',
  path: '/arc/staff/members/:id/reset-second-factor',
  summary: 'Reset a staff member’s second factor; answers a new enrolment link',
  tags: ['staff'],
  auth: MANAGE_STAFF,
  params: StaffMemberParamsSchema,
  responses: { 200: StaffEnrolmentIssuedSchema, 404: ErrorResponseSchema },
});

/**
 * Changes a member's role; their open sessions stay and their next call uses the new role. An admin cannot change their
 * own role, and the last active admin cannot lose the role (409 each).
 */
export const updateStaffMemberRole = defineRoute({
  method: 'PUT',
  path: '/arc/staff/members/:id/role',
  summary: 'Change a staff member’s role',
  tags: ['staff'],
  auth: MANAGE_STAFF,
  params: StaffMemberParamsSchema,
  body: UpdateStaffMemberRoleSchema,
  responses: { 200: StaffMemberRowSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
});

/** Makes a disabled member active again: they sign in with their existing password and second factor. */
export const enableStaffMember = defineRoute({
  method: 'POST',
  path: '/arc/staff/members/:id/enable',
  summary: 'Enable a disabled staff member',
  tags: ['staff'],
  auth: MANAGE_STAFF,
  params: StaffMemberParamsSchema,
  responses: { 200: StaffMemberRowSchema, 404: ErrorResponseSchema },
});
