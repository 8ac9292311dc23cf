import { staffPaths } from '@arc/contract';
import { useSyncExternalStore } from 'react';
import type { OidcUserLike, StoredSession } from './session-store.ts';

/**
 * The back office's own sign-in (docs/decisions/back-office.md): the staff client of the same provider, its own storage
 * (never the agent session's), silent renewal with the rotated refresh token while the staff member is active, and a
 * sign-out after 30 idle minutes. Loaded with the staff routes only.
 *
 * Like the agents' session (docs/decisions/web-loading-and-budget.md, `auth/session.ts`), the session is kept in
 * sessionStorage in the app's own format (`STAFF_SESSION_KEY`), so a page load restores it without the OIDC library;
 * `./staff-oidc.ts` (the library) is loaded on demand: to sign in, finish it, renew (two minutes before the access
 * token expires) and sign out.
 */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SESSION_KEY = 'arc-staff.session';

const loadOidc = async () => {
  const { watchUser, startSignIn, finishSignIn, loadUser, endSession } = await import('./staff-oidc.ts');
  watchUser(setStaffSessionFromUser);
  return { startSignIn, finishSignIn, loadUser, endSession };
};
let oidcLoad: ReturnType<typeof loadOidc> | undefined;
/** The library, loaded once; its sign-ins and renewals then keep the session here */
const oidc = () =>
  (oidcLoad ??= loadOidc().catch((error: unknown) => {
    oidcLoad = undefined;
    throw error;
  }));
/** oidc-client-ts renews 60 s before the access token expires; it is loaded a minute before that (as for agents) */
const LOAD_BEFORE_EXPIRY_SECONDS = 120;

/**
 * The stored staff session, or null. The agents' store has the same reader for its own key; sharing one function
 * cost the sign-in flow 0.1 KB (measured: 149.7 of its 150 KB), so the reader is repeated here
 * (docs/decisions/back-office.md).
 */
function readStoredSession(): StoredSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (!stored || typeof stored.accessToken !== 'string' || typeof stored.expiresAt !== 'number') return null;
    return { accessToken: stored.accessToken, idToken: stored.idToken ?? null, expiresAt: stored.expiresAt };
  } catch {
    return null;
  }
}

export type StaffSessionStatus = 'loading' | 'signedIn' | 'signedOut';
interface StaffSessionState {
  status: StaffSessionStatus;
  accessToken: string | null;
  idToken: string | null;
}
const SIGNED_OUT: StaffSessionState = { status: 'signedOut', accessToken: null, idToken: null };
let state: StaffSessionState = { status: 'loading', accessToken: null, idToken: null };
const listeners = new Set<() => void>();
function publish(next: StaffSessionState) {
  state = next;
  for (const listener of listeners) listener();
}

/** The OIDC client's user (signed out when there is none or it expired), kept across a page load. */
export function setStaffSessionFromUser(user: OidcUserLike | null): void {
  if (!user || user.expired || user.expires_at === undefined) {
    sessionStorage.removeItem(STAFF_SESSION_KEY);
    publish(SIGNED_OUT);
    return;
  }
  const session: StoredSession = {
    accessToken: user.access_token,
    idToken: user.id_token ?? null,
    expiresAt: user.expires_at,
  };
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
  publish({ status: 'signedIn', accessToken: session.accessToken, idToken: session.idToken });
}

let renewal: number | undefined;

/**
 * The stored staff session. While its access token is good for more than two minutes this needs no OIDC library;
 * the library loads in time to renew it (silent renewal with the refresh token), or at once to renew a token that
 * is about to expire or has.
 */
export async function restoreStaffSession(): Promise<void> {
  const stored = readStoredSession();
  if (!stored) {
    publish(SIGNED_OUT);
    return;
  }
  const left = stored.expiresAt - Date.now() / 1000;
  if (left > LOAD_BEFORE_EXPIRY_SECONDS) {
    publish({ status: 'signedIn', accessToken: stored.accessToken, idToken: stored.idToken });
    window.clearTimeout(renewal);
    renewal = window.setTimeout(
      () =>
        void oidc()
          .then(({ loadUser }) => loadUser())
          .catch(() => undefined),
      (left - LOAD_BEFORE_EXPIRY_SECONDS) * 1000,
    );
    return;
  }
  try {
    const { loadUser } = await oidc();
    setStaffSessionFromUser(await loadUser());
  } catch {
    setStaffSessionFromUser(null);
  }
}

export function useStaffSession(): { status: StaffSessionStatus; accessToken: string | null } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return { status: current.status, accessToken: current.accessToken };
}

export const staffAccessToken = (): string | null => state.accessToken;

export async function startStaffSignIn(): Promise<void> {
  const { startSignIn } = await oidc();
  await startSignIn();
}

export async function finishStaffSignIn(): Promise<void> {
  const { finishSignIn } = await oidc();
  setStaffSessionFromUser(await finishSignIn());
}

/** Sign out: forgets the tokens here and ends the provider session (with id_token_hint), which then opens the staff sign-in. */
export async function signOutStaff(): Promise<void> {
  const idToken = state.idToken;
  window.clearTimeout(renewal);
  setStaffSessionFromUser(null);
  try {
    const { endSession } = await oidc();
    await endSession(idToken);
  } catch {
    // the provider could not be reached: the session here is gone anyway
    window.location.assign(staffPaths.signIn);
  }
}

/** Signs out after STAFF_IDLE_MS without a key, click or touch; answers the stop function. */
export function watchStaffIdle(onIdle: () => void, idleMs = STAFF_IDLE_MS): () => void {
  let timer = window.setTimeout(onIdle, idleMs);
  const reset = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(onIdle, idleMs);
  };
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  for (const event of events) window.addEventListener(event, reset, { passive: true });
  return () => {
    window.clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, reset);
  };
}
