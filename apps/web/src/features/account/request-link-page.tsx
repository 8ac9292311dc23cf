import { useMatches } from 'react-router';
import type { RouteHandle } from '../../route-table.ts';
import NpnForm from './npn-form.tsx';

/** /sign-in/forgot and /sign-in/register: the NPN form of the route's action (its handle's name). */
export default function RequestLinkPage() {
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as RouteHandle | undefined)?.name;
  const action = name === 'register' ? 'register' : 'forgot';
  return <NpnForm key={action} action={action} />;
}
