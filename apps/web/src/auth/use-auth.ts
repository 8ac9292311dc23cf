import type { User } from '@arc/contract';
import { signIn, signOut, useSession } from './session.ts';
import { useCurrentUser } from './use-current-user.ts';

export interface Auth {
  /** the access token for apiFetch (it sends it by itself; exposed for the rare raw call) */
  token: string | null;
  /** the agent from GET /arc/user/info, once loaded */
  user: User | undefined;
  isAuthenticated: boolean;
  /** the session is being restored, or the signed-in agent is still loading */
  isLoading: boolean;
  signIn: (returnTo?: string) => Promise<void>;
  signOut: () => Promise<void>;
}

/** The session and the signed-in agent in one place. */
export function useAuth(): Auth {
  const session = useSession();
  const user = useCurrentUser();
  const isAuthenticated = session.status === 'signedIn';
  return {
    token: session.accessToken,
    user: isAuthenticated ? user.data : undefined,
    isAuthenticated,
    isLoading: session.status === 'loading' || (isAuthenticated && user.isPending),
    signIn,
    signOut,
  };
}
