import { SIGNED_IN_HINT_COOKIE } from '@arc/contract/constants';
import { useSyncExternalStore } from 'react';

/**
 * The session store: the access token and ID token of the signed-in agent and where the session stands.
 * Both `./session.ts` (the sign-in flows) and `./oidc.ts` (the OIDC client, loaded on demand) write it.
 */
export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'signingOut';

export interface Session {
  status: SessionStatus;
  accessToken: string | null;
  idToken: string | null;
}

export const SIGNED_OUT: Session = { status: 'signedOut', accessToken: null, idToken: null };
let session: Session = { status: 'loading', accessToken: null, idToken: null };
const listeners = new Set<() => void>();

export function setSession(next: Session): void {
  session = next;
  if (next.status === 'signedIn' || next.status === 'signedOut') keepSignedInHint(next.status === 'signedIn');
  for (const listener of listeners) listener();
}

/**
 * The cookie that tells the server this browser has a session, so it lists an agent page's code in the page it
 * sends (decision 052). It holds no token: the session itself stays in sessionStorage.
 */
function keepSignedInHint(isSignedIn: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = isSignedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax${secure}`
    : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

export const getSession = (): Session => session;

export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSession,
    getSession,
  );
}

interface OidcUserLike {
  access_token: string;
  id_token?: string;
  expired?: boolean;
}

export function sessionFromUser(user: OidcUserLike | null): Session {
  if (!user || user.expired) return SIGNED_OUT;
  return { status: 'signedIn', accessToken: user.access_token, idToken: user.id_token ?? null };
}
