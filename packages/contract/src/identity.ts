import * as z from 'zod/mini';
import { NPN_MAX_LENGTH, NPN_TOO_LONG, PasswordFieldSchema } from './account.ts';
import { boundedLength, defineRoute, ErrorResponseSchema } from './common.ts';

/** Longest username or NPN the sign-in form takes (usernames are far shorter; NPNs are at most 10 digits). */
export const USERNAME_MAX_LENGTH = 200;
const USERNAME_REQUIRED = 'Username or NPN is required';
const USERNAME_TOO_LONG = `Username or NPN must be ${USERNAME_MAX_LENGTH} characters or fewer.`;

/** Interaction endpoints sit below the provider's interaction path, so its cookie reaches them. */
export const InteractionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  clientName: z.optional(z.string()),
});
export type InteractionDetails = z.infer<typeof InteractionDetailsSchema>;

export const getInteractionDetails = defineRoute({
  method: 'GET',
  path: '/interaction/:uid/details',
  summary: 'What the pending sign-in interaction asks for',
  tags: ['identity'],
  auth: 'none',
  params: z.object({ uid: z.string().check(z.minLength(1), z.maxLength(100)) }),
  responses: { 200: InteractionDetailsSchema, 410: ErrorResponseSchema },
});

export const LoginRequestSchema = z.object({
  username: z.string().check(
    z.trim(),
    z.minLength(1, USERNAME_REQUIRED),
    boundedLength(USERNAME_MAX_LENGTH, USERNAME_TOO_LONG),
    // all digits is an NPN, which has at most NPN_MAX_LENGTH of them (a username is never only digits but an NPN)
    z.refine((value) => value.length <= NPN_MAX_LENGTH || !/^\d+$/.test(value), NPN_TOO_LONG),
  ),
  password: PasswordFieldSchema,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RedirectResponseSchema = z.object({ redirectTo: z.string() });

export const submitLogin = defineRoute({
  method: 'POST',
  path: '/interaction/:uid/login',
  summary: 'Check the credentials and finish the sign-in interaction',
  tags: ['identity'],
  auth: 'none',
  params: z.object({ uid: z.string().check(z.minLength(1), z.maxLength(100)) }),
  body: LoginRequestSchema,
  responses: {
    200: RedirectResponseSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    410: ErrorResponseSchema,
    423: ErrorResponseSchema,
  },
});

export const abortInteraction = defineRoute({
  method: 'POST',
  path: '/interaction/:uid/abort',
  summary: 'Cancel the sign-in interaction',
  tags: ['identity'],
  auth: 'none',
  params: z.object({ uid: z.string().check(z.minLength(1), z.maxLength(100)) }),
  responses: { 200: RedirectResponseSchema, 410: ErrorResponseSchema },
});
