// The sign-in flows: restore, sign in, sign out, and the restart after a 401. They never import
// oidc-client-ts themselves; `./oidc.ts` is loaded on demand (at once on /sign-in), so a page load with a good
// session needs no OIDC library. The session itself is kept in `./session-store.ts`, which `./oidc.ts` writes too.
import { configureApiClient } from '../api/client-hooks.ts';
import { queryClient } from '../api/query-client.ts';
import { paths } from '../paths.ts';
import { isDeviceLocked } from './device-lock-flag.ts';
import {
  getSession,
  readStoredSession,
  setSession,
  setSessionFromUser,
  SIGNED_OUT,
  type SessionStatus,
} from './session-store.ts';

export { useSession, type SessionStatus } from './session-store.ts';

const RETURN_TO_KEY = 'arc.returnTo';
const RESTARTED_AT_KEY = 'arc.signInRestartedAt';
/** a second 401 restart within this time is a loop (say, the API refuses every token): stop and sign out */
const RESTART_LOOP_MS = 60_000;

const SIGN_IN_PAUSED_KEY = 'arc.signInPaused';

/** True once after a sign-in loop was stopped: /sign-in shows a button instead of redirecting at once. */
export function takeSignInPaused(): boolean {
  const isPaused = sessionStorage.getItem(SIGN_IN_PAUSED_KEY) !== null;
  sessionStorage.removeItem(SIGN_IN_PAUSED_KEY);
  return isPaused;
}

const LEFT_SIGN_IN_FORM_KEY = 'arc.leftSignInForm';

/** The sign-in form's Register and Forgot Password links (a page load away): remembered for Back to login. */
export function markLeavingSignInForm(): void {
  sessionStorage.setItem(LEFT_SIGN_IN_FORM_KEY, '1');
}

/** True once if the page was opened from the sign-in form: Back to login then goes back to that form. */
export function takeLeftSignInForm(): boolean {
  const hasLeft = sessionStorage.getItem(LEFT_SIGN_IN_FORM_KEY) !== null;
  sessionStorage.removeItem(LEFT_SIGN_IN_FORM_KEY);
  return hasLeft;
}

/** Checked without loading the OIDC library, so signed-out pages stay small. */
export const hasStoredSession = (): boolean => readStoredSession() !== null;

const isLocalPath = (path: string | null): path is string =>
  !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/** Remembers the page the agent wanted, to come back to it after signing in. */
export function rememberReturnTo(path: string): void {
  if (isLocalPath(path) && !path.startsWith(paths.signIn) && !path.startsWith(paths.loginCallback)) {
    sessionStorage.setItem(RETURN_TO_KEY, path);
  }
}

export function takeReturnTo(): string {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return isLocalPath(path) ? path : paths.home;
}

const oidc = () => import('./oidc.ts');

/** oidc-client-ts renews 60 s before the access token expires; it is loaded a minute before that */
const LOAD_BEFORE_EXPIRY_SECONDS = 120;

/**
 * On start: a stored session is restored. While its access token is good for more than two minutes this needs
 * no OIDC library (a page load stays small); the library loads in time to renew it (automatic silent renewal
 * with the refresh token), or at once to renew a token that is about to expire.
 */
export async function restoreSession(): Promise<void> {
  if (!hasStoredSession()) {
    setSession(SIGNED_OUT);
    return;
  }
  const stored = readStoredSession();
  const secondsLeft = stored ? stored.expiresAt - Date.now() / 1000 : 0;
  if (stored && secondsLeft > LOAD_BEFORE_EXPIRY_SECONDS) {
    setSession({ status: 'signedIn', accessToken: stored.accessToken, idToken: stored.idToken });
    window.setTimeout(
      () =>
        void oidc()
          .then(({ loadUser }) => loadUser())
          .catch(() => undefined),
      (secondsLeft - LOAD_BEFORE_EXPIRY_SECONDS) * 1000,
    );
    return;
  }
  try {
    const { loadUser } = await oidc();
    setSessionFromUser(await loadUser());
  } catch {
    setSession(SIGNED_OUT);
  }
}

/** The redirect to the provider this page has started, until it fails (a page leaving does not settle it). */
let redirecting: Promise<void> | null = null;

/**
 * Starts the code + PKCE redirect to the provider; `returnTo` is where to land afterwards. One redirect a page: a
 * second caller (the sign-in screen, and a 401 from each call in flight) joins the first rather than replacing its
 * navigation with another authorization request.
 */
export function signIn(returnTo?: string): Promise<void> {
  if (returnTo) rememberReturnTo(returnTo);
  // a locked device (./device-lock.ts) opens again only with the agent's password, whatever the provider remembers
  const isFresh = isDeviceLocked();
  redirecting ??= oidc()
    .then(({ startSignIn }) => startSignIn({ isFresh }))
    .finally(() => {
      redirecting = null;
    });
  return redirecting;
}

/** /login/callback: exchanges the code for tokens; answers where the agent was headed. */
export async function completeSignIn(): Promise<string> {
  const { finishSignIn } = await oidc();
  setSessionFromUser(await finishSignIn());
  return takeReturnTo();
}

/** Forgets the tokens and every cached answer of the agent (their profile, files, …). */
function blankSession(status: SessionStatus = 'signedOut'): void {
  setSession({ status, accessToken: null, idToken: null });
  queryClient.clear();
}

/**
 * Log Out: ends the provider session at its end-session endpoint (with id_token_hint), and blanks the
 * token and the user. The provider then sends the browser to /sign-in.
 */
export async function signOut(): Promise<void> {
  const idToken = getSession().idToken;
  blankSession('signingOut');
  try {
    const { endSession } = await oidc();
    await endSession(idToken);
  } catch {
    // the provider could not be reached: the local session is gone anyway
    setSession(SIGNED_OUT);
    window.location.assign(paths.signIn);
  }
}

/** A 401 on an agent call: the session is over; sign in again and come back here (once a minute at most). */
export function restartSignIn(): void {
  // signing out, or a redirect already under way (a 401 from each call in flight): nothing more to do
  if (getSession().status === 'signingOut' || redirecting) return;
  const last = Number(sessionStorage.getItem(RESTARTED_AT_KEY) ?? 0);
  const isLoop = Date.now() - last < RESTART_LOOP_MS;
  blankSession();
  void oidc()
    .then(({ forgetUser }) => forgetUser())
    .catch(() => undefined);
  // a locked device shows the lock screen, whose button starts the sign-in: nothing opens by itself
  if (isDeviceLocked()) return;
  if (isLoop) {
    // the sign-in screen then asks before starting again, instead of bouncing forever
    sessionStorage.setItem(SIGN_IN_PAUSED_KEY, '1');
    return;
  }
  sessionStorage.setItem(RESTARTED_AT_KEY, String(Date.now()));
  void signIn(`${window.location.pathname}${window.location.search}`).catch(() => undefined);
}

configureApiClient({
  getToken: () => getSession().accessToken,
  onUnauthorized: restartSignIn,
  // loaded on demand, like the OIDC client: the signed-out pages never need it
  onTermsRequired: () => void import('../api/profile.ts').then(({ markTermsRequired }) => markTermsRequired()),
});
