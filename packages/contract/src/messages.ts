/** Texts from the specification that the server and the web app both show. */
export const MESSAGES = {
  registerSuccess: 'If your account was found you will receive an email with a registration link',
  forgotSuccess: 'If your account was found you will receive an email with a password reset link',
  linkExpired: 'This link is expired.',
  termsAcceptFailed: 'Failed to accept terms',
  termsLoadFailed: 'Failed to load Terms of Service.',
  dashboardFilesFailed: 'Problem getting dashboard files',
  downloadFailedTitle: 'Download Failed',
  invalidCredentials: 'Invalid username or password.',
  accountLocked: 'Too many failed sign-in attempts. Wait a few minutes and try again, or reset your password.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  notFound: 'Not found',
  unauthorized: 'Missing token',
  sessionExpired: 'Your sign-in session has expired. Please sign in again.',
  passwordCriteria: 'Password did not pass all criteria.',
  termsNotAccepted: 'Please accept the current Terms of Service to continue.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

/**
 * The error code of a 403 on an agent call while the current terms are not accepted: the web app turns it into
 * the terms gate. Only the calls the gate itself needs answer before that (user info, terms text, accept).
 */
export const TERMS_NOT_ACCEPTED = 'TERMS_NOT_ACCEPTED';

export const NOT_FOUND_PAGE = {
  title: "We're sorry but we couldn't find what you were looking for",
  text: "The page doesn't exist.",
  link: 'Return Home',
} as const;
