import type { Agent } from '@arc/contract';
import { paths } from '../paths.ts';
import type { RouteHandle } from '../route-table.ts';
import { canFileCases } from './access.ts';

/** The second half of the navigation guard (see ./guard.ts): checks on the signed-in agent. */
export type AgentDecision =
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

export interface AgentGuardInput {
  handle: RouteHandle;
  agent: Agent | undefined;
  isError?: boolean;
}

export function decideAgent({ handle, agent, isError = false }: AgentGuardInput): AgentDecision {
  if (!agent) return isError ? { kind: 'error' } : { kind: 'loading' };
  if (!agent.status) return { kind: 'sign-out' };
  if (agent.tos && !agent.tos.stamp) return { kind: 'terms-gate', to: paths.termsGate };
  if (handle.securityKey && agent[handle.securityKey] !== true) return { kind: 'not-available' };
  if (handle.access === 'member-support-unlimited' && !canFileCases(agent)) return { kind: 'breadcrumb-only' };
  return { kind: 'allow' };
}
