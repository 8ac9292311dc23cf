import { STAFF_CLIENT_ID, staffPaths } from '@arc/contract';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { OIDC_AUTHORITY, OIDC_SCOPE } from '../config.ts';

/**
 * The staff client of the provider (oidc-client-ts), loaded on demand like the agents' `auth/oidc.ts`: to start a
 * sign-in, finish it, renew and sign out. Its own storage (never the agent session's); silent renewal with the
 * rotated refresh token once loaded.
 */
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

/** Tells `onUser` of every user the library loads (a sign-in, a renewal), and null when a renewal fails. */
export function watchUser(onUser: (user: User | null) => void): void {
  manager.events.addUserLoaded(onUser);
  manager.events.addSilentRenewError(() => onUser(null));
}

export const startSignIn = () => manager.signinRedirect();
export const finishSignIn = () => manager.signinRedirectCallback();

/** The library's user, renewed with its refresh token if the access token has expired; null when there is none. */
export async function loadUser(): Promise<User | null> {
  const user = await manager.getUser();
  if (!user) return null;
  if (!user.expired) return user;
  if (!user.refresh_token) return null;
  try {
    return await manager.signinSilent();
  } catch {
    await manager.removeUser();
    return null;
  }
}

export async function endSession(idToken: string | null): Promise<void> {
  await manager.removeUser();
  await manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
}
