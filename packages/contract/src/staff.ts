import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema, STAFF_ROLES } from './common.ts';
import { TimeZoneSchema } from './time-zones.ts';

/**
 * The back office's staff identity (docs/decisions/back-office.md): staff accounts apart from agents', signed in
 * through their own OpenID Connect client with a password and a TOTP code (or a one-time recovery code).
 */

/** The staff web client of the embedded provider; its tokens are for STAFF_AUDIENCE_PATH, never the agents' API. */
export const STAFF_CLIENT_ID = 'arc-staff';
/** The staff API's resource (below PUBLIC_URL): the audience of a staff access token. */
export const STAFF_AUDIENCE_PATH = '/arc/staff';

/** Every page path of the back office. */
export const staffPaths = {
  home: '/staff',
  signIn: '/staff/sign-in',
  loginCallback: '/staff/login/callback',
  agents: '/staff/agents',
  audit: '/staff/audit',
  members: '/staff/members',
  orders: '/staff/orders',
  cases: '/staff/cases',
  /** one member-support case in the back office */
  case: (id: string) => `/staff/cases/${encodeURIComponent(id)}`,
  soa: '/staff/soa',
  enrollments: '/staff/enrollments',
  jobs: '/staff/jobs',
  /** the provider sends a staff sign-in here (its interaction cookie is scoped to this path) */
  interaction: (uid: string) => `/staff/interaction/${encodeURIComponent(uid)}`,
  /** the one-time link that sets a staff member's password and second factor */
  enrolment: (token: string) => `/staff/enrol/${encodeURIComponent(token)}`,
} as const;

/** Every staff role: for calls any signed-in staff member may make. */
export const ANY_STAFF = { staff: STAFF_ROLES } as const;

export const StaffRoleSchema = z.enum(STAFF_ROLES);

export const StaffEmailSchema = z
  .email('Enter a valid e-mail address')
  .check(z.maxLength(254), z.trim(), z.toLowerCase());

/** The signed-in staff member. */
export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  /**
   * the name colleagues and agents read (a case reply is signed with it); null: the e-mail's local part (optional:
   * a client of before the name reads the same answer)
   */
  name: z.optional(z.nullable(z.string())),
  role: StaffRoleSchema,
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** The signed-in member as `/arc/staff/me` answers: with the zone the back office shows instants in (issue 45). */
export const CurrentStaffSchema = z.object({
  ...StaffMemberSchema.shape,
  /** the member's setting, else `TZ_BUSINESS` */
  timeZone: z.string(),
  /** the setting itself (null: the default, `TZ_BUSINESS`) */
  timeZoneSetting: z.nullable(z.string()),
  defaultTimeZone: z.string(),
});
export type CurrentStaff = z.infer<typeof CurrentStaffSchema>;

export const updateStaffTimeZone = defineRoute({
  method: 'PUT',
  path: '/arc/staff/me/time-zone',
  summary: 'The staff member’s own time zone for the back office (null: the business zone)',
  tags: ['staff'],
  auth: ANY_STAFF,
  body: z.object({ timeZone: z.nullable(TimeZoneSchema) }),
  responses: { 200: CurrentStaffSchema, 400: ErrorResponseSchema },
});

export const getCurrentStaff = defineRoute({
  method: 'GET',
  path: '/arc/staff/me',
  summary: 'The signed-in staff member and role',
  tags: ['staff'],
  auth: ANY_STAFF,
  responses: { 200: CurrentStaffSchema },
});
