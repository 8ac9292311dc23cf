import {
  STAFF_AGENT_MESSAGES,
  type CreateStaffAgent,
  type StaffAgentDetail,
  type StaffMember,
  type UpdateStaffAgent,
} from '@arc/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';
import { revokeAccountPayloads } from '../../identity/adapter.ts';
import { clearFailures, throttleKey } from '../../identity/throttle.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { randomId } from '../../platform/tokens.ts';
import { sendAccountLink } from '../account/service.ts';
import { recordAudit } from '../audit/service.ts';
import { agentStatusOf, findAgentRecordByNpn, selectAgentDetail, STORED_STATUS, type AgentRecord } from './queries.ts';

export interface StaffAgentsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  /** the agents' ended grants: their access tokens are refused at once on every replica (`app.grantsEnded`) */
  grantsEnded: (grantIds: readonly string[]) => Promise<void>;
  /** an agent's status or user info changed: dropped from the caches of every replica (`app.currentAgentChanged`) */
  agentChanged: (agentId: string) => Promise<void>;
}

/** Who acts, for the audit log. */
export interface StaffActor {
  staff: StaffMember;
  ip: string;
}

async function agentOr404(db: Db, npn: string): Promise<AgentRecord> {
  const agent = await findAgentRecordByNpn(db, npn);
  if (!agent) throw new AppError('NOT_FOUND', STAFF_AGENT_MESSAGES.notFound);
  return agent;
}

export async function getAgent(deps: Pick<StaffAgentsDeps, 'db' | 'clock'>, npn: string): Promise<StaffAgentDetail> {
  return selectAgentDetail(deps.db, await agentOr404(deps.db, npn), deps.clock.now());
}

/** The fields staff change, as staff see them. */
const editable = (agent: AgentRecord) => ({
  status: agentStatusOf(agent.status),
  tier: agent.memberSupportTier,
  state: agent.state,
});

/**
 * Changes status, tier or state, with the values before and after in the audit event. Deactivating ends every
 * session, grant and token of the agent in the same transaction, and its next API call is a 401 on every replica:
 * the grants and the cached status are dropped everywhere before this answers. Sign-in then answers as for an
 * unknown account (identity/password-sign-in.ts reads the status).
 */
export async function updateAgent(
  deps: StaffAgentsDeps,
  actor: StaffActor,
  npn: string,
  change: UpdateStaffAgent,
): Promise<StaffAgentDetail> {
  const { agent, ended } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(agents).where(eq(agents.npn, npn)).for('update');
    if (!current) throw new AppError('NOT_FOUND', STAFF_AGENT_MESSAGES.notFound);
    const before = editable(current);
    const now = deps.clock.now();
    const [updated] = await tx
      .update(agents)
      .set({
        ...(change.status ? { status: STORED_STATUS[change.status] } : {}),
        ...(change.tier ? { memberSupportTier: change.tier } : {}),
        ...(change.state ? { state: change.state } : {}),
        updatedAt: now,
      })
      .where(eq(agents.id, current.id))
      .returning();
    const after = editable(updated!);
    const endedGrants =
      before.status === 'active' && after.status === 'inactive' ? await revokeAccountPayloads(tx, current.id) : [];
    await recordAudit(
      { db: tx, clock: deps.clock },
      {
        agentId: current.id,
        staffId: actor.staff.id,
        ip: actor.ip,
        action: 'agent.updated',
        subject: current.npn,
        detail: { before, after },
      },
    );
    return { agent: updated!, ended: endedGrants };
  });
  await deps.grantsEnded(ended);
  await deps.agentChanged(agent.id);
  return selectAgentDetail(deps.db, agent, deps.clock.now());
}

/** Adds one agent: active, not registered (the agent registers by NPN, or staff send the link). 409 for a known NPN. */
export async function createAgent(
  deps: Pick<StaffAgentsDeps, 'db' | 'clock'>,
  actor: StaffActor,
  input: CreateStaffAgent,
): Promise<StaffAgentDetail> {
  const agent = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [inserted] = await tx
      .insert(agents)
      .values({
        id: randomId(),
        npn: input.npn,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        mobilePhone: input.phone || null,
        state: input.state,
        memberSupportTier: input.tier,
        status: STORED_STATUS.active,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: agents.npn })
      .returning();
    if (!inserted) throw new AppError('CONFLICT', STAFF_AGENT_MESSAGES.npnTaken);
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: inserted.id, staffId: actor.staff.id, ip: actor.ip, action: 'agent.created', subject: input.npn },
    );
    return inserted;
  });
  return selectAgentDetail(deps.db, agent, deps.clock.now());
}

/** Clears the agent's sign-in lock and failure count, whichever of username or NPN was typed. */
export async function unlockAgent(
  deps: Pick<StaffAgentsDeps, 'db' | 'clock'>,
  actor: StaffActor,
  npn: string,
): Promise<void> {
  const agent = await agentOr404(deps.db, npn);
  await deps.db.transaction(async (tx) => {
    await clearFailures(tx, [
      throttleKey({ agentId: agent.id, login: '' }),
      throttleKey({ login: agent.npn }),
      ...(agent.username ? [throttleKey({ login: agent.username })] : []),
    ]);
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: agent.id, staffId: actor.staff.id, ip: actor.ip, action: 'agent.unlocked', subject: agent.npn },
    );
  });
}

/**
 * E-mails a new registration link (the link Register sends: account/service.ts). Only for an active agent who has
 * not registered: a registered agent resets the password from the sign-in page (409).
 */
export async function resendRegistrationLink(deps: StaffAgentsDeps, actor: StaffActor, npn: string): Promise<void> {
  const agent = await agentOr404(deps.db, npn);
  if (agent.passwordHash !== null) throw new AppError('CONFLICT', STAFF_AGENT_MESSAGES.alreadyRegistered);
  if (agentStatusOf(agent.status) === 'inactive') throw new AppError('CONFLICT', STAFF_AGENT_MESSAGES.inactive);
  await recordAudit(deps, {
    agentId: agent.id,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'agent.registration-link-sent',
    subject: agent.npn,
  });
  await sendAccountLink(deps, agent, 'register');
}
