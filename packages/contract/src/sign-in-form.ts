// The sign-in form's rules without zod, so the provider's sign-in page loads no schema library: the same rules
// as LoginRequestSchema (identity.ts builds its messages from here; sign-in-form.test.ts checks both agree).
import { passwordLength, PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from './password-policy.ts';

/** Longest username or NPN the sign-in form takes (usernames are far shorter; NPNs are at most 10 digits). */
export const USERNAME_MAX_LENGTH = 200;
export const USERNAME_REQUIRED = 'Username or NPN is required';
export const USERNAME_TOO_LONG = `Username or NPN must be ${USERNAME_MAX_LENGTH} characters or fewer.`;
export const PASSWORD_REQUIRED = 'Password is required';

export interface SignInValues {
  username: string;
  password: string;
}

/** The message of each field that breaks a rule (none: the form is fine), as LoginRequestSchema would say it. */
export function validateSignIn(values: SignInValues): Partial<Record<keyof SignInValues, string>> {
  const errors: Partial<Record<keyof SignInValues, string>> = {};
  // zod's trim(): JavaScript's whitespace
  const username = values.username.trim();
  if (username.length === 0) errors.username = USERNAME_REQUIRED;
  else if (username.length > USERNAME_MAX_LENGTH) errors.username = USERNAME_TOO_LONG;
  if (values.password.length === 0) errors.password = PASSWORD_REQUIRED;
  else if (passwordLength(values.password) > PASSWORD_MAX_LENGTH) errors.password = PASSWORD_TOO_LONG;
  return errors;
}

/** What the form sends: the username trimmed, the password as typed. */
export const signInBody = (values: SignInValues): SignInValues => ({
  username: values.username.trim(),
  password: values.password,
});
