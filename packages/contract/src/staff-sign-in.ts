import * as z from 'zod/mini';
import { PasswordFieldSchema } from './account.ts';
import { boundedLength, defineRoute, ErrorResponseSchema } from './common.ts';
import { RedirectResponseSchema } from './identity.ts';
import { PASSWORD_RULES } from './password-policy.ts';
import { StaffRoleSchema } from './staff.ts';

// ── sign-in (the staff client's interaction) ──────────────────────────────────────────────────────────────────

const InteractionParamsSchema = z.object({ uid: z.string().check(z.minLength(1), z.maxLength(100)) });

export const StaffInteractionSchema = z.object({
  uid: z.string(),
  /** what the sign-in asks for next */
  step: z.enum(['password', 'second-factor']),
});
export type StaffInteraction = z.infer<typeof StaffInteractionSchema>;

export const getStaffInteraction = defineRoute({
  method: 'GET',
  path: '/staff/interaction/:uid/details',
  summary: 'What the pending staff sign-in asks for',
  tags: ['staff'],
  auth: 'none',
  params: InteractionParamsSchema,
  responses: { 200: StaffInteractionSchema, 400: ErrorResponseSchema, 410: ErrorResponseSchema },
});

export const StaffPasswordRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'E-mail is required'), z.maxLength(254)),
  password: PasswordFieldSchema,
});
export type StaffPasswordRequest = z.infer<typeof StaffPasswordRequestSchema>;

export const submitStaffPassword = defineRoute({
  method: 'POST',
  path: '/staff/interaction/:uid/password',
  summary: 'Staff sign-in, first factor: e-mail and password',
  tags: ['staff'],
  auth: 'none',
  params: InteractionParamsSchema,
  body: StaffPasswordRequestSchema,
  responses: {
    200: z.object({ next: z.literal('second-factor') }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    410: ErrorResponseSchema,
    /** too many failures from this address, or of this account from it: wait `Retry-After` seconds */
    429: ErrorResponseSchema,
  },
});

/** A 6-digit TOTP code, or a recovery code (`xxxxx-xxxxx`, spaces and case ignored). */
export const StaffSecondFactorRequestSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Enter the code'), z.maxLength(32)),
});
export type StaffSecondFactorRequest = z.infer<typeof StaffSecondFactorRequestSchema>;

export const submitStaffSecondFactor = defineRoute({
  method: 'POST',
  path: '/staff/interaction/:uid/second-factor',
  summary: 'Staff sign-in, second factor: a TOTP code or a recovery code',
  tags: ['staff'],
  auth: 'none',
  params: InteractionParamsSchema,
  body: StaffSecondFactorRequestSchema,
  responses: {
    200: RedirectResponseSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    410: ErrorResponseSchema,
    /** too many failures from this address, or of this account from it: wait `Retry-After` seconds */
    429: ErrorResponseSchema,
  },
});

// ── enrolment (the one-time link) ─────────────────────────────────────────────────────────────────────────────

const EnrolmentParamsSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(100)) });

export const StaffEnrolmentSchema = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  /** the TOTP secret in base32, to type into an authenticator app */
  secret: z.string(),
  /** the same as an `otpauth://` URI, and as a QR code (a PNG data URL) */
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type StaffEnrolment = z.infer<typeof StaffEnrolmentSchema>;

export const getStaffEnrolment = defineRoute({
  method: 'GET',
  path: '/arc/staff/enrolment/:token',
  summary: 'What a staff enrolment link sets up: the account and its new TOTP secret',
  tags: ['staff'],
  auth: 'none',
  params: EnrolmentParamsSchema,
  responses: { 200: StaffEnrolmentSchema, 410: ErrorResponseSchema },
});

export const CompleteStaffEnrolmentRequestSchema = z.object({
  password: PasswordFieldSchema,
  /** the current code of the authenticator app, proving the secret was taken */
  code: z
    .string()
    .check(z.trim(), boundedLength(6, 'Enter the 6-digit code'), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});
export type CompleteStaffEnrolmentRequest = z.infer<typeof CompleteStaffEnrolmentRequestSchema>;

export const completeStaffEnrolment = defineRoute({
  method: 'POST',
  path: '/arc/staff/enrolment/:token',
  summary: 'Set the password and second factor from an enrolment link; answers the recovery codes, once',
  tags: ['staff'],
  auth: 'none',
  params: EnrolmentParamsSchema,
  body: CompleteStaffEnrolmentRequestSchema,
  responses: {
    200: z.object({ recoveryCodes: z.array(z.string()) }),
    400: ErrorResponseSchema,
    410: ErrorResponseSchema,
  },
});

/** What the staff sign-in and enrolment say (server and web). */
export const STAFF_MESSAGES = {
  invalidCredentials: 'Invalid e-mail or password.',
  invalidCode: 'That code is not right. Enter the current code of your authenticator app, or a recovery code.',
  /** a 429 of the sign-in: this address must wait (Retry-After) after too many failures */
  locked: 'Too many failed attempts. Wait a few minutes and try again.',
  passwordFirst: 'Enter your e-mail and password first.',
  notStaffSignIn: 'This is not a staff sign-in.',
  enrolmentCode: 'That code is not right. Check the time on your phone and enter the current code.',
  /** the enrolment has no live checklist on the server's side: the refusal names the rules */
  weakPassword: `The password needs ${PASSWORD_RULES.filter((rule) => rule.id !== 'match')
    .map((rule) => rule.label.charAt(0).toLowerCase() + rule.label.slice(1))
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1')}.`,
} as const;
