import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { OIDC_AUTHORITY, OIDC_CLIENT_ID, OIDC_SCOPE, POST_LOGOUT_REDIRECT_URI, REDIRECT_URI } from '../config.ts';
import { sessionFromUser, setSession } from './session-store.ts';

/**
 * Loaded lazily: the OIDC client is needed only to sign in, renew and sign out. Code flow with PKCE (S256,
 * automatic), tokens in sessionStorage, silent renewal with the (rotated) refresh token.
 */
const manager = new UserManager({
  authority: OIDC_AUTHORITY,
  client_id: OIDC_CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  post_logout_redirect_uri: POST_LOGOUT_REDIRECT_URI,
  response_type: 'code',
  scope: OIDC_SCOPE,
  automaticSilentRenew: true,
  loadUserInfo: false,
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
});

manager.events.addUserLoaded((user) => setSession(sessionFromUser(user)));
manager.events.addSilentRenewError(() => setSession(sessionFromUser(null)));

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

export const startSignIn = () => manager.signinRedirect();
export const finishSignIn = () => manager.signinRedirectCallback();
export const forgetUser = () => manager.removeUser();

export async function endSession(idToken: string | null): Promise<void> {
  await manager.removeUser();
  await manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
}
