import { STAFF_CLIENT_ID, staffPaths } from '@arc/contract';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { useSyncExternalStore } from 'react';
import { OIDC_AUTHORITY, OIDC_SCOPE } from '../../config.ts';

/**
 * The back office's own sign-in (decision 084): the staff client of the same provider, its own storage (never the
 * agent session's), silent renewal with the rotated refresh token while the staff member is active, and a sign-out
 * after 30 idle minutes. Loaded with the staff routes only.
 */
export const STAFF_IDLE_MS = 30 * 60 * 1000;

const manager = new UserManager({
  authority: OIDC_AUTHORITY,
  client_id: STAFF_CLIENT_ID,
  redirect_uri: `${window.location.origin}${staffPaths.loginCallback}`,
  post_logout_redirect_uri: `${window.location.origin}${staffPaths.signIn}`,
  response_type: 'code',
  scope: OIDC_SCOPE,
  automaticSilentRenew: true,
  loadUserInfo: false,
  userStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: 'arc-staff.user.' }),
  stateStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: 'arc-staff.state.' }),
});

export type StaffSessionStatus = 'loading' | 'signedIn' | 'signedOut';
interface StaffSessionState {
  status: StaffSessionStatus;
  user: User | null;
}
let state: StaffSessionState = { status: 'loading', user: null };
const listeners = new Set<() => void>();
function publish(next: User | null) {
  const user = next && !next.expired ? next : null;
  state = { status: user ? 'signedIn' : 'signedOut', user };
  for (const listener of listeners) listener();
}
manager.events.addUserLoaded((loaded) => publish(loaded));
manager.events.addUserUnloaded(() => publish(null));
manager.events.addSilentRenewError(() => publish(null));

/** The stored staff session, renewed if its access token has expired but its refresh token stands. */
export async function restoreStaffSession(): Promise<void> {
  let stored = await manager.getUser();
  if (stored?.expired && stored.refresh_token) stored = await manager.signinSilent().catch(() => null);
  publish(stored);
}

export function useStaffSession(): { status: StaffSessionStatus; accessToken: string | null } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return { status: current.status, accessToken: current.user?.access_token ?? null };
}

export const staffAccessToken = (): string | null => state.user?.access_token ?? null;

export const startStaffSignIn = () => manager.signinRedirect();
export const finishStaffSignIn = async () => publish(await manager.signinRedirectCallback());

export async function signOutStaff(): Promise<void> {
  const idToken = state.user?.id_token;
  await manager.removeUser();
  await manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
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
