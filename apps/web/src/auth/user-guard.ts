import type { User } from '@arc/contract';
import { paths } from '../paths.ts';
import type { RouteHandle } from '../route-table.ts';
import { canFileCases } from './access.ts';

/** The second half of the navigation guard (see ./guard.ts): checks on the signed-in agent. */
export type UserDecision =
  | { kind: 'loading' }
  /** the agent could not be loaded (other than a 401, which restarts sign-in by itself) */
  | { kind: 'error' }
  /** an agent with no status is signed out */
  | { kind: 'sign-out' }
  /** terms not accepted yet (empty tos.stamp): the terms gate */
  | { kind: 'terms-gate'; to: string }
  /** the route's security key is not true for this agent: the screen does not open */
  | { kind: 'not-available' }
  /** the case form for an agent whose member support tier is not Unlimited: only the breadcrumb shows */
  | { kind: 'breadcrumb-only' }
  | { kind: 'allow' };

export interface UserGuardInput {
  handle: RouteHandle;
  user: User | undefined;
  isError?: boolean;
}

export function decideUser({ handle, user, isError = false }: UserGuardInput): UserDecision {
  if (!user) return isError ? { kind: 'error' } : { kind: 'loading' };
  if (!user.status) return { kind: 'sign-out' };
  if (user.tos && !user.tos.stamp) return { kind: 'terms-gate', to: paths.tosGate };
  if (handle.securityKey && user[handle.securityKey] !== true) return { kind: 'not-available' };
  if (handle.access === 'member-support-unlimited' && !canFileCases(user)) return { kind: 'breadcrumb-only' };
  return { kind: 'allow' };
}
