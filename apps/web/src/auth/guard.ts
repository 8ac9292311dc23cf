import { paths } from '../paths.ts';
import type { RouteHandle } from '../route-table.ts';
import { isOpenWhileLocked } from './device-lock-guard.ts';
import type { SessionStatus } from './session.ts';

/**
 * The navigation guard as pure functions, run on every route (docs/architecture.md, Web app): first on the session
 * (here: no agent and no contract schemas needed, so signed-out pages stay small), then — once signed in —
 * on the agent from GET /arc/user/info (./agent-guard.ts, loaded with the signed-in shell).
 */
export type SessionDecision =
  /** the route's screen in the login layout (public pages; the dashboard's welcome while signed out) */
  | { kind: 'login-layout' }
  /** the session is being restored or ended: the login layout's loading indicator */
  | { kind: 'loading' }
  /** an agent page while signed out: sign in first, then come back */
  | { kind: 'sign-in'; returnTo: string }
  /** signed in: the default layout, once the agent is checked */
  | { kind: 'signed-in' }
  /** the device was handed to a beneficiary (./device-lock.ts): the lock screen, whatever the page and session */
  | { kind: 'locked' };

export interface SessionGuardInput {
  handle: RouteHandle;
  pathname: string;
  search?: string;
  status: SessionStatus;
  /** a device lock is set */
  isLocked?: boolean;
}

export function decideSession({
  handle,
  pathname,
  search = '',
  status,
  isLocked = false,
}: SessionGuardInput): SessionDecision {
  if (isLocked && !isOpenWhileLocked(pathname)) return { kind: 'locked' };
  if (handle.layout === 'login') return { kind: 'login-layout' };
  if (status === 'loading' || status === 'signingOut') return { kind: 'loading' };
  if (status === 'signedIn') return { kind: 'signed-in' };
  // signed out: "/" shows the welcome and a Login button; other agent pages go to sign-in
  if (pathname === paths.home || !handle.auth) return { kind: 'login-layout' };
  return { kind: 'sign-in', returnTo: `${pathname}${search}` };
}
