/**
 * A signed-in session kept in sessionStorage in the app's own small format (one tab, gone when it closes), under a
 * key of its owner's (each writes it itself): the agents' session (`arc.session`, `./session-store.ts`) and the back office's
 * (`features/staff/staff-session.ts`). A page load restores it without loading the OIDC library while its access
 * token is good (decision 075); the library is loaded on demand, to sign in, finish it, renew and sign out.
 */

/** The tokens and when the access token expires (epoch seconds). */
export interface StoredSession {
  accessToken: string;
  idToken: string | null;
  expiresAt: number;
}

/** The public fields of oidc-client-ts's `User` the app reads. */
export interface OidcUserLike {
  access_token: string;
  id_token?: string;
  expires_at?: number;
  expired?: boolean;
}

/** oidc-client-ts renews 60 s before the access token expires; it is loaded a minute before that */
export const LOAD_BEFORE_EXPIRY_SECONDS = 120;

/** The session kept under `key`, or null (none, or not one this app wrote). */
export function readStoredSession(key: string): StoredSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<StoredSession> | null;
    if (!stored || typeof stored.accessToken !== 'string' || typeof stored.expiresAt !== 'number') return null;
    return { accessToken: stored.accessToken, idToken: stored.idToken ?? null, expiresAt: stored.expiresAt };
  } catch {
    return null;
  }
}

/** Seconds the stored access token is still good for (0 when there is none). */
export const secondsLeft = (stored: StoredSession | null): number =>
  stored ? stored.expiresAt - Date.now() / 1000 : 0;
