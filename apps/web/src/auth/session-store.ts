import { SIGNED_IN_HINT_COOKIE } from '@arc/contract/constants';
import { useSyncExternalStore } from 'react';

/**
 * The session store: the access token and ID token of the signed-in agent and where the session stands.
 * Both `./session.ts` (the sign-in flows) and `./oidc.ts` (the OIDC client, loaded on demand) write it. A signed-in
 * session is also kept in sessionStorage in this file's own format (`STORED_SESSION_KEY`: one tab, gone when it
 * closes), so a page load restores it without loading the OIDC library while its access token is good.
 */
export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'signingOut';

export interface Session {
  status: SessionStatus;
  accessToken: string | null;
  idToken: string | null;
}

/**
 * A signed-in session as kept in sessionStorage: the tokens and when the access token expires (epoch seconds). The
 * back office keeps its own in this format under its own key (`auth/staff-session.ts`,
 * docs/decisions/back-office.md).
 */
export interface StoredSession {
  accessToken: string;
  idToken: string | null;
  expiresAt: number;
}

export const STORED_SESSION_KEY = 'arc.session';

/** The session kept by `setSession`, or null (none, or not one this app wrote). */
export function readStoredSession(): StoredSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORED_SESSION_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (!stored || typeof stored.accessToken !== 'string' || typeof stored.expiresAt !== 'number') return null;
    return { accessToken: stored.accessToken, idToken: stored.idToken ?? null, expiresAt: stored.expiresAt };
  } catch {
    return null;
  }
}

export const SIGNED_OUT: Session = { status: 'signedOut', accessToken: null, idToken: null };
let session: Session = { status: 'loading', accessToken: null, idToken: null };
const listeners = new Set<() => void>();

/** Sets the session; `expiresAt` (a new access token's expiry, epoch seconds) keeps it across a page load. */
export function setSession(next: Session, expiresAt?: number): void {
  session = next;
  if (next.status === 'signedIn' && next.accessToken && expiresAt !== undefined) {
    const stored: StoredSession = { accessToken: next.accessToken, idToken: next.idToken, expiresAt };
    sessionStorage.setItem(STORED_SESSION_KEY, JSON.stringify(stored));
  } else if (next.status !== 'signedIn') sessionStorage.removeItem(STORED_SESSION_KEY);
  if (next.status === 'signedIn' || next.status === 'signedOut') keepSignedInHint(next.status === 'signedIn');
  for (const listener of listeners) listener();
}

/**
 * The cookie that tells the server this browser has a session, so it lists an agent page's code in the page it
 * sends (docs/decisions/web-loading-and-budget.md). It holds no token: the session itself stays in sessionStorage.
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

/** The public fields of oidc-client-ts's `User` this app reads. */
export interface OidcUserLike {
  access_token: string;
  id_token?: string;
  expires_at?: number;
  expired?: boolean;
}

/** The session of the OIDC client's user (signed out when there is none or it expired), kept across a page load. */
export function setSessionFromUser(user: OidcUserLike | null): void {
  if (!user || user.expired) setSession(SIGNED_OUT);
  else
    setSession({ status: 'signedIn', accessToken: user.access_token, idToken: user.id_token ?? null }, user.expires_at);
}
