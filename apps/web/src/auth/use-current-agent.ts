import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '../api/profile.ts';
import { useSession } from './session.ts';

/** The signed-in agent from GET /arc/user/info (not the provider's userinfo). */
export function useCurrentAgent() {
  const session = useSession();
  return useQuery({ ...profileQueries.currentAgent(), enabled: session.status === 'signedIn' });
}
