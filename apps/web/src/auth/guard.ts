import type { User } from '@arc/contract';
import { paths } from '../paths.ts';
import type { RouteHandle } from '../route-table.ts';
import type { SessionStatus } from './session.ts';

/**
 * The navigation guard as pure functions, run on every route (spec part 1 §2, §4):
 * first on the session (no user needed, so signed-out pages stay small), then — once signed in — on the
 * agent from GET /arc/user/info.
 */
export type SessionDecision =
  /** the route's screen in the login layout (public pages; the dashboard's welcome while signed out) */
  | { kind: 'login-layout' }
  /** the session is being restored or ended: the login layout's loading indicator */
  | { kind: 'loading' }
  /** an agent page while signed out: sign in first, then come back */
  | { kind: 'sign-in'; returnTo: string }
  /** signed in: the default layout, once the agent is checked */
  | { kind: 'signed-in' };

export interface SessionGuardInput {
  handle: RouteHandle;
  pathname: string;
  search?: string;
  status: SessionStatus;
}

export function decideSession({ handle, pathname, search = '', status }: SessionGuardInput): SessionDecision {
  if (handle.layout === 'login') return { kind: 'login-layout' };
  if (status === 'loading' || status === 'signingOut') return { kind: 'loading' };
  if (status === 'signedIn') return { kind: 'signed-in' };
  // signed out: "/" shows the welcome and a Login button; other agent pages go to sign-in
  if (pathname === paths.home || !handle.auth) return { kind: 'login-layout' };
  return { kind: 'sign-in', returnTo: `${pathname}${search}` };
}

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
  return { kind: 'allow' };
}
