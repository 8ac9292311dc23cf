import { WEB_CLIENT_ID } from '@arc/contract';
import { useSyncExternalStore } from 'react';
import { configureApiClient } from '../api/client.ts';
import { OIDC_AUTHORITY } from '../config.ts';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export interface Session {
  status: SessionStatus;
  accessToken: string | null;
  idToken: string | null;
}

const SIGNED_OUT: Session = { status: 'signedOut', accessToken: null, idToken: null };
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

/** Where oidc-client-ts keeps the signed-in user (sessionStorage, one tab). */
export const STORED_USER_KEY = `oidc.user:${OIDC_AUTHORITY}:${WEB_CLIENT_ID}`;
const RETURN_TO_KEY = 'arc.returnTo';

/** Checked without loading the OIDC library, so signed-out pages stay small. */
export const hasStoredSession = (): boolean => sessionStorage.getItem(STORED_USER_KEY) !== null;

export function rememberReturnTo(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(RETURN_TO_KEY, path);
}

export function takeReturnTo(): string {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
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

const oidc = () => import('./oidc.ts');

/** On start: a stored session is restored (renewed with its refresh token when the access token expired). */
export async function restoreSession(): Promise<void> {
  if (!hasStoredSession()) {
    setSession(SIGNED_OUT);
    return;
  }
  const { loadUser } = await oidc();
  setSession(sessionFromUser(await loadUser()));
}

export async function signIn(returnTo?: string): Promise<void> {
  if (returnTo) rememberReturnTo(returnTo);
  const { startSignIn } = await oidc();
  await startSignIn();
}

export async function completeSignIn(): Promise<string> {
  const { finishSignIn } = await oidc();
  setSession(sessionFromUser(await finishSignIn()));
  return takeReturnTo();
}

/** Ends the provider session too; the token and user are blanked first. */
export async function signOut(): Promise<void> {
  const idToken = session.idToken;
  setSession(SIGNED_OUT);
  const { endSession } = await oidc();
  await endSession(idToken);
}

configureApiClient({
  getToken: () => session.accessToken,
  onUnauthorized: () => {
    setSession(SIGNED_OUT);
    void oidc().then(({ forgetUser }) => forgetUser());
  },
});
