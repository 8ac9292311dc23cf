import { LinkPurposeSchema, MESSAGES, type LinkPurpose } from '@arc/contract';
import { paths } from '@arc/contract/constants';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { revokeAccountPayloads } from '../../identity/adapter.ts';
import { clearFailures, throttleKey } from '../../identity/throttle.ts';
import type { Clock } from '../../platform/clock.ts';
import { isCommonPassword } from '../../platform/common-passwords.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { checkNewPassword, hashPassword } from '../../platform/passwords.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { linkEmail, type LinkEmailKind } from './emails.ts';
import {
  deleteActionTokensExpiredBefore,
  findAgentByNpn,
  findUsableActionToken,
  insertActionToken,
  setAgentPassword,
  spendActionToken,
  spendOtherActionTokens,
  type AgentRow,
} from './queries.ts';

export const LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  /** queues the job that e-mails a requested link (./jobs.ts: ACCOUNT_LINK_JOB) */
  queueLink: (request: AccountLinkRequest) => Promise<void>;
  /** drops ended grants from the API's grant check on every replica (`app.grantsEnded`) */
  grantsEnded: (grantIds: readonly string[]) => Promise<void>;
}

export type LinkRequest = 'register' | 'forgot';
export interface AccountLinkRequest {
  npn: string;
  kind: LinkRequest;
}

const linkExpired = () => new AppError('GONE', MESSAGES.linkExpired);

/**
 * Register and forgot-password requests. The answer and its timing do not depend on whether the NPN
 * exists: every request queues the same job, which looks the NPN up and, for a known one, makes and mails the link.
 */
export async function requestAccountLink(
  deps: Pick<AccountServiceDeps, 'queueLink'>,
  request: AccountLinkRequest,
): Promise<void> {
  await deps.queueLink({ npn: request.npn, kind: request.kind });
}

/** The job of a register or forgot-password request: the link for a known NPN, nothing for another. */
export async function sendRequestedLink(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'mailer' | 'config'>,
  request: AccountLinkRequest,
): Promise<void> {
  const agent = await findAgentByNpn(deps.db, request.npn);
  if (agent) await sendAccountLink(deps, agent, request.kind);
}

/**
 * An agent without a password always gets a registration link; a registered one a reset link, with
 * words that say the account exists when they asked to register.
 */
export async function sendAccountLink(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'mailer' | 'config'>,
  agent: AgentRow,
  requested: LinkRequest,
): Promise<void> {
  const isRegistered = agent.passwordHash !== null;
  const purpose: LinkPurpose = isRegistered ? 'forgot' : 'register';
  const kind: LinkEmailKind = !isRegistered ? 'register' : requested === 'register' ? 'alreadyRegistered' : 'reset';
  const token = randomToken();
  const now = deps.clock.now();
  await insertActionToken(deps.db, {
    tokenHash: hashToken(token),
    agentId: agent.id,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_TTL_MS),
  });
  await deps.mailer.send(
    linkEmail({
      kind,
      to: agent.email,
      firstName: agent.firstName,
      link: `${deps.config.publicUrl}${purpose === 'register' ? paths.register(token) : paths.forgotPassword(token)}`,
      productName: deps.config.providerName,
      username: agent.username ?? agent.npn,
      npn: agent.npn,
    }),
  );
}

async function findUsableLink(deps: Pick<AccountServiceDeps, 'db' | 'clock'>, token: string | undefined) {
  if (!token) return undefined;
  return findUsableActionToken(deps.db, hashToken(token), deps.clock.now());
}

export async function getPasswordLinkStatus(
  deps: Pick<AccountServiceDeps, 'db' | 'clock'>,
  token: string | undefined,
): Promise<{ purpose: LinkPurpose; username: string; npn: string }> {
  const link = await findUsableLink(deps, token);
  if (!link) throw linkExpired();
  return {
    purpose: LinkPurposeSchema.parse(link.purpose),
    username: link.agent.username ?? link.agent.npn,
    npn: link.agent.npn,
  };
}

/**
 * What every new password does, set by a link (reset) or by Change Password, in the caller's transaction: the
 * agent's outstanding single-use links are spent, its sign-in lock is cleared, and every session, grant and
 * refresh token of the account ends — except the grant `keepGrantId` (the signed-in session that changed the
 * password keeps working; a reset keeps none). Answers the ended grants: pass them to `app.grantsEnded` after
 * the transaction commits, so their access tokens are refused at once on every replica.
 */
export async function endOtherCredentials(
  tx: Db,
  agent: Pick<AgentRow, 'id' | 'npn' | 'username'>,
  now: Date,
  { keepGrantId }: { keepGrantId?: string | undefined } = {},
): Promise<string[]> {
  await spendOtherActionTokens(tx, agent.id, now);
  await clearFailures(tx, [
    throttleKey({ agentId: agent.id, login: '' }),
    throttleKey({ login: agent.npn }),
    ...(agent.username ? [throttleKey({ login: agent.username })] : []),
  ]);
  return revokeAccountPayloads(tx, agent.id, { keepGrantId });
}

/**
 * Sets the password with a link token. The token is spent by one conditional UPDATE inside the
 * transaction, so of two concurrent uses only one succeeds, and a failure leaves nothing half-written.
 * Other outstanding links of the agent, its sign-in lock and its provider sessions and tokens go too.
 */
export async function createPasswordWithLink(
  deps: Pick<AccountServiceDeps, 'db' | 'clock' | 'grantsEnded'>,
  token: string | undefined,
  password: string,
  /** the client's address as trusted by TRUST_PROXY, for the audit log */
  ip: string,
): Promise<{ username: string }> {
  const link = await findUsableLink(deps, token);
  if (!token || !link) throw linkExpired();
  await checkNewPassword(password, link.agent);
  const passwordHash = await hashPassword(password);

  const { ended, ...result } = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const agentId = await spendActionToken(tx, hashToken(token), now);
    if (!agentId) throw linkExpired();
    const agent = await setAgentPassword(tx, agentId, passwordHash, now);
    if (!agent) throw linkExpired();
    const endedGrants = await endOtherCredentials(tx, agent, now);
    // in the transaction: the password changes if and only if the change is recorded
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: agent.id, ip, action: link.purpose === 'register' ? 'password.created' : 'password.reset' },
    );
    return { username: agent.username ?? agent.npn, ended: endedGrants };
  });
  await deps.grantsEnded(ended);
  return result;
}

/** The live checklist's question (POST /arc/password/common). */
export const isCommonPasswordCandidate = (password: string): Promise<boolean> => isCommonPassword(password);

/** Links a week past their end are of no use even for support questions. */
export async function purgeOldActionTokens(db: Db, now = new Date()): Promise<void> {
  await deleteActionTokensExpiredBefore(db, new Date(now.getTime() - 7 * LINK_TTL_MS));
}
