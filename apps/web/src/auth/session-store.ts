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
  for (const listener of listeners) listener();
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
