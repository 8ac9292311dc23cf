import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { OIDC_AUTHORITY, OIDC_CLIENT_ID, OIDC_SCOPE, POST_LOGOUT_REDIRECT_URI, REDIRECT_URI } from '../config.ts';
import { setSessionFromUser } from './session-store.ts';

/**
 * The OIDC client (oidc-client-ts), loaded on demand: to start a sign-in, finish it, renew and sign out. Code flow
 * with PKCE (S256, automatic), tokens in sessionStorage, silent renewal with the (rotated) refresh token.
 *
 * The state of a sign-in in progress (PKCE verifier, nonce) lives in sessionStorage as well: the library's default
 * (localStorage) kept one entry per sign-in that was started and never finished, in every tab, for good.
 */
/** a sign-in not finished within the provider's interaction lifetime (1 hour) will not finish */
const STALE_STATE_SECONDS = 60 * 60;
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
  stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  staleStateAgeInSeconds: STALE_STATE_SECONDS,
});

void manager.clearStaleState().catch(() => undefined);
forgetLegacyState();

/** Nothing of the app's is in localStorage: every `oidc.*` entry there was left by an older version's sign-in. */
function forgetLegacyState(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('oidc.')) window.localStorage.removeItem(key);
    }
  } catch {
    // storage blocked: nothing to clean
  }
}

manager.events.addUserLoaded((user) => setSessionFromUser(user));
manager.events.addSilentRenewError(() => setSessionFromUser(null));

/**
 * The code + PKCE redirect to the provider. `replace`: /sign-in does not stay in the history, so Back never lands
 * on a page that redirects forward again. `isFresh`: the provider asks for the password even within a session of
 * its own (`prompt=login`), as the sign-in that lifts a device lock must.
 */
export const startSignIn = ({ isFresh = false }: { isFresh?: boolean } = {}) =>
  manager.signinRedirect({ redirectMethod: 'replace', ...(isFresh ? { prompt: 'login' } : {}) });

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

export const finishSignIn = () => manager.signinRedirectCallback();
export const forgetUser = () => manager.removeUser();

export async function endSession(idToken: string | null): Promise<void> {
  await manager.removeUser();
  await manager.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
}
