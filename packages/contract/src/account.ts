import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema, MessageResponseSchema } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG, passwordLength } from './password-policy.ts';

export const NPN_MAX_LENGTH = 20;

const PASSWORD_REQUIRED = 'Password is required';

/** A password field: required, at most PASSWORD_MAX_LENGTH characters (counted as characters, like the rules). */
export const PasswordFieldSchema = z.string().check(
  z.minLength(1, PASSWORD_REQUIRED),
  // a character is at most two UTF-16 units: a cheap bound first, then the real count
  z.maxLength(PASSWORD_MAX_LENGTH * 2, { error: PASSWORD_TOO_LONG, abort: true }),
  z.refine((value) => passwordLength(value) <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
);

/** NPN: required; the spec shows no other bound on the client. The server keeps it to digits. */
export const NpnSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'NPN is required'),
    z.maxLength(NPN_MAX_LENGTH, `NPN must be ${NPN_MAX_LENGTH} digits or fewer.`),
    z.regex(/^\d+$/, 'NPN must contain only digits'),
  );

export const RegisterAccountRequestSchema = z.object({
  agentNum: NpnSchema,
  action: z.literal('registeraccount'),
});
export type RegisterAccountRequest = z.infer<typeof RegisterAccountRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({
  agentNum: NpnSchema,
  action: z.literal('forgotpassword'),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const registerAccount = defineRoute({
  method: 'POST',
  path: '/arc/registeraccount',
  summary: 'Send a registration link to the agent with this NPN, if there is one',
  tags: ['account'],
  auth: 'none',
  body: RegisterAccountRequestSchema,
  responses: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
});

export const forgotPassword = defineRoute({
  method: 'POST',
  path: '/arc/forgotpassword',
  summary: 'Send a password reset link to the agent with this NPN, if there is one',
  tags: ['account'],
  auth: 'none',
  body: ForgotPasswordRequestSchema,
  responses: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
});

export const LinkPurposeSchema = z.enum(['register', 'forgot']);
export type LinkPurpose = z.infer<typeof LinkPurposeSchema>;

/** The bearer of these two calls is the link token from the e-mail, not an access token. */
export const getPasswordLink = defineRoute({
  method: 'GET',
  path: '/arc/register/link',
  summary: 'Tell whether a register or reset link can still be used',
  tags: ['account'],
  auth: 'none',
  responses: {
    200: z.object({ purpose: LinkPurposeSchema, username: z.string(), npn: z.optional(z.string()) }),
    410: ErrorResponseSchema,
  },
});

export const CreatePasswordRequestSchema = z.object({ password: PasswordFieldSchema });
export type CreatePasswordRequest = z.infer<typeof CreatePasswordRequestSchema>;

export const createPassword = defineRoute({
  method: 'POST',
  path: '/arc/register/password',
  summary: 'Set the password with a register or reset link token',
  tags: ['account'],
  auth: 'none',
  body: CreatePasswordRequestSchema,
  responses: {
    200: z.object({ status: z.literal('Success'), username: z.string() }),
    400: ErrorResponseSchema,
    410: ErrorResponseSchema,
  },
});

/**
 * The checklists' live "not a commonly used password" rule: the list stays on the server (it is large, and
 * sending it would tell a guesser what is refused just as well), so the form asks, debounced, rate-limited per
 * address. Needs no credential: the create-password form has only its link.
 */
export const checkCommonPassword = defineRoute({
  method: 'POST',
  path: '/arc/password/common',
  summary: 'Tell whether a password is on the common-password list (for the live checklist)',
  tags: ['account'],
  auth: 'none',
  body: z.object({ password: PasswordFieldSchema }),
  responses: {
    200: z.object({ isCommon: z.boolean() }),
    400: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

/**
 * Answers of create-password beyond the spec's rules (docs/decisions/passwords-and-sign-in.md), shown as the server
 * sends them.
 */
export const PASSWORD_MESSAGES = {
  common: 'This password is too common. Please choose one that is harder to guess.',
  containsAccount: 'The password must not contain your username or NPN.',
} as const;
