import * as z from 'zod/mini';
import { PasswordFieldSchema } from './account.ts';
import { boundedLength, defineRoute, ErrorResponseSchema, IdSchema, MessageResponseSchema } from './common.ts';
import { checkPassword, PASSWORD_MIN_LENGTH, passesPasswordRules, passwordLength } from './password-policy.ts';
import { TimeZoneSchema } from './time-zones.ts';

// A module apart from profile.ts (the agent, which every signed-in page loads): the web app's signed-in shell
// then carries none of these schemas.

// ── My Profile: avatar, password, e-mail ─────────────────────────────────────────────────────────────

/** Texts of the profile screen (spec part 1 §5 and §8), shown by the web app and answered by the server. */
export const PROFILE_MESSAGES = {
  notAnImage: 'Please select an image file',
  avatarUpdatedTitle: 'Avatar Updated',
  avatarUpdated: 'Avatar Upload Successfully!',
  avatarFailedTitle: 'Problem with the server',
  avatarTooLarge: 'The picture is too large. Choose one of 10 MB or less.',
  avatarTooManyPixels: 'The picture has too many pixels. Choose one of at most 40 megapixels.',
  avatarMissing: 'Choose a picture to upload.',
  oldPasswordLength: 'Old Password Length is not 8 Characters or more.',
  newPasswordCriteria: 'New Password did not pass all criteria.',
  wrongOldPassword: 'Your current password is not correct.',
  passwordUpdatedTitle: 'Password Updated!',
  passwordUpdated: 'Your password was changed successfully.',
  passwordFailedTitle: 'Error updating password',
  emailRequired: 'Email Address is required',
  emailInvalid: 'Enter a valid email address',
  emailUnchanged: 'This is already your email address.',
  checkEmailTitle: 'Check Your Email',
  checkEmail: 'Please verify your email address by clicking the link the email that was sent to you.',
  emailChanged: 'Your email address was changed.',
  emailPasswordRequired: 'Enter your current password to change your email address.',
  emailPending: 'Waiting for confirmation',
  emailRestored: 'Your previous email address was restored.',
} as const;

/** The multipart field of the picture (spec part 1 §7: "multipart with a pictures file"). */
export const AVATAR_FIELD = 'pictures';
/** Largest upload accepted; the cropped picture the web app sends is far smaller. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** Largest picture (width × height) decoded: a small file can claim a huge canvas (a decompression bomb). */
export const AVATAR_MAX_PIXELS = 40_000_000;
/** The stored avatar's longest side, in pixels. */
export const AVATAR_SIZE = 512;

/** Spec part 1 §9: auto-crop area 0.8, minimum container 300 × 300, rotate step 90 degrees. */
export const AVATAR_CROP = { autoCropArea: 0.8, minContainerWidth: 300, minContainerHeight: 300, rotateStep: 90 };

export const updateAvatar = defineRoute({
  method: 'POST',
  path: '/arc/agent/avatar',
  summary: `Replace the agent's picture (multipart/form-data, one image in the field "${AVATAR_FIELD}")`,
  tags: ['profile'],
  auth: 'agent',
  responses: {
    201: z.object({ message: z.string(), avatar: z.string() }),
    400: ErrorResponseSchema,
    413: ErrorResponseSchema,
    415: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

/** The picture for an <img>, which sends no bearer: the signed token from the agent's `avatar` URL is the credential. */
export const getAvatar = defineRoute({
  method: 'GET',
  path: '/arc/agent/avatar/:agentId',
  summary: "An agent's picture (JPEG), by the signed URL of GET /arc/user/info",
  tags: ['profile'],
  auth: 'none',
  params: z.object({ agentId: IdSchema }),
  query: z.object({ token: z.string().check(z.maxLength(512)), v: z.optional(z.string().check(z.maxLength(64))) }),
  responses: { 403: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const ChangePasswordRequestSchema = z.object({
  oldPassword: PasswordFieldSchema.check(
    z.refine((value) => passwordLength(value) >= PASSWORD_MIN_LENGTH, PROFILE_MESSAGES.oldPasswordLength),
  ),
  newPass1: PasswordFieldSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/**
 * The Change Password dialog's fields (spec part 1 §4, §5): the current password as the request checks it (an
 * empty one says the spec's length message too), the new one under the spec's criteria and not the current one
 * (the list shows the match with its confirmation), and the confirmation.
 */
export const ChangePasswordFormSchema = z
  .object({
    oldPassword: z.pipe(
      z.string().check(z.minLength(1, PROFILE_MESSAGES.oldPasswordLength)),
      ChangePasswordRequestSchema.shape.oldPassword,
    ),
    newPassword: z.string(),
    confirmation: z.string(),
  })
  .check(
    z.refine(
      (values) =>
        !values.newPassword || (values.newPassword !== values.oldPassword && passesPasswordRules(values.newPassword)),
      {
        path: ['newPassword'],
        error: PROFILE_MESSAGES.newPasswordCriteria,
      },
    ),
  );

export const changePassword = defineRoute({
  method: 'POST',
  path: '/arc/user/create/password',
  summary: 'Change the password: the current one, then the new one under the same rules as create password',
  tags: ['profile'],
  auth: 'agent',
  body: ChangePasswordRequestSchema,
  responses: {
    201: MessageResponseSchema,
    400: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

/** The six criteria of the Change Password modal (spec part 1 §4, §5): all must hold to enable the button. */
export function checkPasswordChange(oldPassword: string, newPassword: string, confirmation: string) {
  return [
    { id: 'different', label: 'Different from your current password', ok: newPassword !== oldPassword },
    ...checkPassword(newPassword, confirmation).map(({ id, label, ok }) => ({ id, label, ok })),
  ];
}

export const passesPasswordChange = (oldPassword: string, newPassword: string, confirmation: string): boolean =>
  passwordLength(oldPassword) >= PASSWORD_MIN_LENGTH &&
  newPassword !== oldPassword &&
  passesPasswordRules(newPassword, confirmation);

export const EMAIL_MAX_LENGTH = 254;

export const EmailSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, PROFILE_MESSAGES.emailRequired),
    boundedLength(EMAIL_MAX_LENGTH, PROFILE_MESSAGES.emailInvalid),
    z.email(PROFILE_MESSAGES.emailInvalid),
  );

/**
 * Spec part 1 §7: `{agent, subbed}`; the agent's new e-mail address is what this call changes. The current
 * password comes with it: a stolen access token alone cannot move the account to another address.
 */
export const UpdateUserInfoRequestSchema = z.object({
  agent: z.object({ email: EmailSchema }),
  password: z
    .string({ error: PROFILE_MESSAGES.emailPasswordRequired })
    .check(z.minLength(1, PROFILE_MESSAGES.emailPasswordRequired), z.maxLength(512)),
  subbed: z.optional(z.boolean()),
});
export type UpdateUserInfoRequest = z.infer<typeof UpdateUserInfoRequestSchema>;

export const updateUserInfo = defineRoute({
  method: 'POST',
  path: '/arc/user/updateinfo',
  summary:
    'Ask to change the e-mail address (with the current password): a single-use link goes to the new address, which applies on opening it',
  tags: ['profile'],
  auth: 'agent',
  body: UpdateUserInfoRequestSchema,
  responses: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
});

/**
 * The bearer of this call is the token of the e-mailed link, not an access token: the link to the new address
 * (applies the change) or the undo link sent to the old address afterwards (`restored`: the old address is back
 * and every session has ended).
 */
export const confirmEmailChange = defineRoute({
  method: 'POST',
  path: '/arc/user/email/confirm',
  summary:
    'Apply an e-mail change with the link token sent to the new address, or undo one with the link sent to the old',
  tags: ['profile'],
  auth: 'none',
  responses: {
    200: z.object({ message: z.string(), email: z.string(), restored: z.optional(z.boolean()) }),
    410: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

/** My Profile's time zone (issue 45): an IANA zone, or null for the default (the agent's state's). */
export const UpdateTimeZoneRequestSchema = z.object({ timeZone: z.nullable(TimeZoneSchema) });
export type UpdateTimeZoneRequest = z.infer<typeof UpdateTimeZoneRequestSchema>;

export const updateTimeZone = defineRoute({
  method: 'PUT',
  path: '/arc/user/time-zone',
  summary: 'The agent’s own time zone for every time the portal shows them (null: their state’s)',
  tags: ['profile'],
  auth: 'agent',
  body: UpdateTimeZoneRequestSchema,
  responses: { 200: z.object({ timeZone: z.string() }), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});
