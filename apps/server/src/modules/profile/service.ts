import { Readable } from 'node:stream';
import * as contract from '@arc/contract';
import {
  buildPath,
  MEMBER_SUPPORT_UNLIMITED,
  MESSAGES,
  passesPasswordChange,
  PROFILE_MESSAGES,
  type ChangePasswordRequest,
  type Terms,
  type Agent,
} from '@arc/contract';
import { paths } from '@arc/contract/constants';
import * as z from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { hashPassword, verifyPassword, checkNewPassword } from '../../platform/passwords.ts';
import type { SharedCache } from '../../platform/shared-cache.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { Storage } from '../../platform/storage.ts';
import { hashToken, randomId, randomToken } from '../../platform/tokens.ts';
import { endOtherCredentials } from '../account/service.ts';
import { recordAudit } from '../audit/service.ts';
import { getTermsFor, type CurrentTerms } from '../terms/service.ts';
import { reencodeAvatar } from './avatar-image.ts';
import { confirmEmailChangeMail, emailChangedMail, emailChangeRequestedMail } from './emails.ts';
import {
  deleteEmailChangesBefore,
  findAgent,
  findAvatarFile,
  findPendingEmail,
  insertEmailChange,
  insertEmailUndo,
  replaceAvatarFile,
  setAgentEmail,
  setAgentPasswordHash,
  setAgentTimeZone,
  spendAgentEmailChanges,
  spendEmailChange,
  type AgentRow,
} from './queries.ts';

/** What the signed avatar URLs grant (platform/signed-urls.ts): one agent's picture. */
const AVATAR_RESOURCE = 'avatar';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  /** the signed-in agent's GET /arc/user/info answer (JSON) by agent id: every page asks for it, so a few seconds
   * of reuse saves work */
  agentCache: SharedCache<CachedCurrentAgent>;
  /**
   * the terms version in force: a cached answer made under another version is not used
   * (docs/decisions/caches-and-replicas.md)
   */
  currentTerms: Pick<CurrentTerms, 'id' | 'peek'>;
  /** signs the avatar URLs an <img> opens without a bearer */
  signer: UrlSigner;
  /** `TZ_BUSINESS`: the zone of an agent with neither a setting nor a known state */
  businessTimeZone: string;
}

export function toAgent(
  agent: AgentRow,
  tos: Terms | null,
  avatar: string | null,
  pendingEmail: string | null = null,
  businessTimeZone: string = contract.DEFAULT_BUSINESS_TIME_ZONE,
): Agent {
  return {
    id: agent.id,
    ActID: agent.actId,
    actData: { FULLNAME: `${agent.firstName} ${agent.lastName}`.trim() },
    avatar,
    tos,
    npn: agent.npn,
    username: agent.username ?? agent.npn,
    email: agent.email,
    pendingEmail,
    firstName: agent.firstName,
    lastName: agent.lastName,
    mobilePhone: agent.mobilePhone,
    status: agent.status,
    memberSupportTier: agent.memberSupportTier,
    mediMinute: agent.mediMinute,
    hasMyHealthPlanContracts: agent.hasMyHealthPlanContracts,
    hasSunfireContracts: agent.hasSunfireContracts,
    activeAnalytics: agent.activeAnalytics,
    isTestUser: agent.isTestUser,
    timeZone: contract.agentTimeZone(agent.timeZone, agent.state, businessTimeZone),
    timeZoneSetting: agent.timeZone,
    defaultTimeZone: contract.agentTimeZone(null, agent.state, businessTimeZone),
  };
}

export async function getCurrentAgent(deps: ProfileDeps, agentId: string): Promise<Agent> {
  const agent = await findAgent(deps.db, agentId);
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
  const [tos, pendingEmail] = await Promise.all([
    getTermsFor(deps, agentId),
    findPendingEmail(deps.db, agentId, deps.clock.now()),
  ]);
  return toAgent(agent, tos, avatarUrl(deps, agent), pendingEmail ?? null, deps.businessTimeZone);
}

const CurrentAgentResponseSchema = contract.getCurrentAgent.responses[200];

/** A cached GET /arc/user/info answer and the terms version in force when it was made. */
export interface CachedCurrentAgent {
  termsId: number | null;
  json: string;
}

/** the cached GET /arc/user/info answer, or undefined (also when a terms version was published since) */
export function cachedCurrentAgentJson(deps: ProfileDeps, agentId: string): string | undefined {
  const cached = deps.agentCache.get(agentId);
  return cached && cached.termsId === deps.currentTerms.peek() ? cached.json : undefined;
}

/** The GET /arc/user/info answer, encoded by the contract's schema once and reused while cached. */
export async function getCurrentAgentJson(deps: ProfileDeps, agentId: string): Promise<string> {
  const termsId = await deps.currentTerms.id();
  const cached = deps.agentCache.get(agentId);
  if (cached && cached.termsId === termsId) return cached.json;
  const agent = await getCurrentAgent(deps, agentId);
  const json = JSON.stringify(z.encode(CurrentAgentResponseSchema, { agent }));
  deps.agentCache.set(agentId, { termsId: agent.tos?.id ?? null, json });
  return json;
}

/** My Profile's time zone: stored (null: the state's), the agent's cached user info dropped by the caller. */
export async function updateTimeZone(
  deps: Pick<ProfileDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: { agentId: string },
  timeZone: string | null,
): Promise<string> {
  const agent = await setAgentTimeZone(deps.db, actor.agentId, timeZone, deps.clock.now());
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found');
  return contract.agentTimeZone(agent.timeZone, agent.state, deps.businessTimeZone);
}

// ── avatar ───────────────────────────────────────────────────────────────────────────────────────────

/** Whole days: the signed avatar URL stays the same all day, so browsers cache the picture. */
const DAY_SECONDS = 24 * 60 * 60;

/** `/arc/agent/avatar/:agentId?v=<file>&token=<signed>`: valid one to two days, new when the picture changes. */
function avatarUrl(deps: Pick<ProfileDeps, 'clock' | 'signer'>, agent: AgentRow): string | null {
  if (!agent.avatarFileId) return null;
  const today = Math.floor(deps.clock.now().getTime() / 1000 / DAY_SECONDS);
  const token = deps.signer.sign({
    resource: AVATAR_RESOURCE,
    agentId: agent.id,
    expiresAt: (today + 2) * DAY_SECONDS,
  });
  const query = new URLSearchParams({ v: agent.avatarFileId, token });
  return `${buildPath(contract.getAvatar.path, { agentId: agent.id })}?${query.toString()}`;
}

/**
 * Re-encodes the uploaded bytes (avatar-image.ts) and stores the picture as `avatars/<npn>.jpg` (spec part 1
 * §5: named after the agent's NPN), then points the agent at it. Answers the new avatar URL.
 */
export async function updateAvatar(
  deps: ProfileDeps & { storage: Storage },
  agentId: string,
  upload: Buffer,
): Promise<string> {
  const agent = await findAgent(deps.db, agentId);
  if (!agent) throw notFound('Agent not found');
  const jpeg = await reencodeAvatar(upload);
  const now = deps.clock.now();
  const file = {
    id: `fil_${randomId()}`,
    name: `${agent.npn}.jpg`,
    contentType: 'image/jpeg',
    size: jpeg.length,
    storageKey: `avatars/${agent.npn}.jpg`,
    ownerAgentId: agent.id,
    createdAt: now,
  };
  await deps.storage.put(file.storageKey, Readable.from([jpeg]));
  await replaceAvatarFile(deps.db, agent.id, file, now);
  await deps.agentCache.invalidate(agent.id);
  return avatarUrl(deps, { ...agent, avatarFileId: file.id })!;
}

/** The picture behind a signed avatar URL: a forged, expired or another agent's token is 403; no picture is 404. */
export async function openAvatar(
  deps: ProfileDeps & { storage: Storage },
  agentId: string,
  token: string,
): Promise<{ stream: Readable; size: number; contentType: string; expiresAt: number }> {
  const claims = deps.signer.verify(token, deps.clock.now());
  if (!claims || claims.resource !== AVATAR_RESOURCE || claims.agentId !== agentId) {
    throw new AppError('FORBIDDEN', 'This picture link is not valid.');
  }
  const file = await findAvatarFile(deps.db, agentId);
  if (!file) throw notFound('No picture');
  return {
    stream: await deps.storage.get(file.storageKey),
    size: file.size,
    contentType: file.contentType,
    expiresAt: claims.expiresAt,
  };
}

// ── password ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * Change Password: the current password must verify, and the new one must pass the spec's six criteria and
 * the account module's policy (common passwords, own username or NPN: docs/decisions/passwords-and-sign-in.md).
 */
export async function changePassword(
  deps: ProfileDeps & { grantsEnded: (grantIds: readonly string[]) => Promise<void> },
  caller: {
    agentId: string;
    /** the grant of the session making the change: it stays signed in, every other session ends */
    grantId: string;
    /** the client's address as trusted by TRUST_PROXY, for the audit log */
    ip: string;
  },
  request: ChangePasswordRequest,
): Promise<void> {
  const { agentId, grantId, ip } = caller;
  const agent = await findAgent(deps.db, agentId);
  if (!agent?.passwordHash) throw notFound('Agent not found');
  if (!(await verifyPassword(request.oldPassword, agent.passwordHash))) {
    throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.wrongOldPassword, {
      fieldErrors: { oldPassword: [PROFILE_MESSAGES.wrongOldPassword] },
    });
  }
  if (!passesPasswordChange(request.oldPassword, request.newPass1, request.newPass1)) {
    throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.newPasswordCriteria);
  }
  await checkNewPassword(request.newPass1, agent);
  const passwordHash = await hashPassword(request.newPass1);
  // In one transaction: the password changes if and only if the change is recorded, and, exactly as on a reset,
  // the agent's earlier links and its other sessions and tokens end with it (issue 36).
  const ended = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await setAgentPasswordHash(tx, agent.id, passwordHash, now);
    const endedGrants = await endOtherCredentials(tx, agent, now, { keepGrantId: grantId || undefined });
    await recordAudit({ db: tx, clock: deps.clock }, { agentId: agent.id, ip, action: 'password.changed' });
    return endedGrants;
  });
  await deps.grantsEnded(ended);
}

// ── e-mail ───────────────────────────────────────────────────────────────────────────────────────────

export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the old address can undo a completed change. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type EmailDeps = ProfileDeps & {
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'providerName'>;
  grantsEnded: (grantIds: readonly string[]) => Promise<void>;
};

/**
 * Update Email Address: the current password must verify (a wrong one is a 400 on the password field; the route's
 * per-agent limit bounds the guesses). Nothing changes yet: a single-use link (24 hours) goes to the new address,
 * and a notice to the current one; the address changes when the link is opened (design §3).
 */
export async function requestEmailChange(
  deps: Omit<EmailDeps, 'grantsEnded'>,
  agentId: string,
  request: { email: string; password: string },
  ip: string,
): Promise<void> {
  const { email } = request;
  const agent = await findAgent(deps.db, agentId);
  if (!agent?.passwordHash) throw notFound('Agent not found');
  if (!(await verifyPassword(request.password, agent.passwordHash))) {
    throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.wrongOldPassword, {
      fieldErrors: { password: [PROFILE_MESSAGES.wrongOldPassword] },
    });
  }
  if (email.toLowerCase() === agent.email.toLowerCase()) {
    throw new AppError('BAD_REQUEST', PROFILE_MESSAGES.emailUnchanged, {
      fieldErrors: { email: [PROFILE_MESSAGES.emailUnchanged] },
    });
  }
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await insertEmailChange(tx, {
      tokenHash: hashToken(token),
      agentId: agent.id,
      newEmail: email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    });
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: agent.id, ip, action: 'email.change-requested', detail: { to: email } },
    );
  });
  // user info shows the pending address
  await deps.agentCache.invalidate(agent.id);
  const common = { firstName: agent.firstName, productName: deps.config.providerName };
  await deps.mailer.send(
    confirmEmailChangeMail({ ...common, to: email, link: `${deps.config.publicUrl}${paths.confirmEmail(token)}` }),
  );
  await deps.mailer.send(emailChangeRequestedMail({ ...common, to: agent.email, newEmail: email }));
}

/**
 * Opens an e-mailed link; a used, unknown or expired link is 410 "This link is expired.".
 * - The link to the new address applies the change, and the old address gets a notice with an undo link (7 days).
 * - The undo link puts the old address back, spends the agent's other links and ends every session, grant and
 *   refresh token (as a password reset does): whoever changed the address is signed out.
 */
export async function confirmEmailChange(
  deps: EmailDeps,
  token: string | undefined,
  ip: string,
): Promise<{ email: string; restored: boolean }> {
  if (!token) throw new AppError('GONE', MESSAGES.linkExpired);
  const undoToken = randomToken();
  // one transaction: the link is spent, the address changes and the change is recorded, or nothing happens
  const applied = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const spent = await spendEmailChange(tx, hashToken(token), now);
    if (!spent) return undefined;
    const agent = await findAgent(tx, spent.agentId);
    if (!agent) return undefined;
    await setAgentEmail(tx, spent.agentId, spent.email, now);
    if (spent.purpose === 'undo') {
      await spendAgentEmailChanges(tx, agent.id, now);
      const ended = await endOtherCredentials(tx, agent, now);
      await recordAudit(
        { db: tx, clock: deps.clock },
        { agentId: agent.id, ip, action: 'email.restored', detail: { to: spent.email, from: agent.email } },
      );
      return { ...spent, agent, restored: true, ended };
    }
    await insertEmailUndo(tx, {
      tokenHash: hashToken(undoToken),
      agentId: agent.id,
      oldEmail: agent.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_UNDO_TTL_MS),
    });
    await recordAudit(
      { db: tx, clock: deps.clock },
      { agentId: agent.id, ip, action: 'email.changed', detail: { to: spent.email, from: agent.email } },
    );
    return { ...spent, agent, restored: false, ended: [] };
  });
  if (!applied) throw new AppError('GONE', MESSAGES.linkExpired);
  await deps.agentCache.invalidate(applied.agentId);
  await deps.grantsEnded(applied.ended);
  if (!applied.restored) {
    await deps.mailer.send(
      emailChangedMail({
        firstName: applied.agent.firstName,
        productName: deps.config.providerName,
        to: applied.agent.email,
        newEmail: applied.email,
        link: `${deps.config.publicUrl}${paths.confirmEmail(undoToken)}`,
      }),
    );
  }
  return { email: applied.email, restored: applied.restored };
}

/** Links a week past their end (an undo link: two weeks after it was sent) are of no use even for support questions. */
export async function purgeOldEmailChanges(db: Db, now: Date): Promise<void> {
  await deleteEmailChangesBefore(db, new Date(now.getTime() - 7 * EMAIL_LINK_TTL_MS));
}

/** The case form's rule (spec part 1 §6): member support tier Unlimited only. */
export async function isMemberSupportUnlimited(deps: Pick<ProfileDeps, 'db'>, agentId: string): Promise<boolean> {
  const agent = await findAgent(deps.db, agentId);
  return agent?.memberSupportTier === MEMBER_SUPPORT_UNLIMITED;
}

/** Who filed something, for another area's records and e-mails (the case form). */
export async function getAgentContact(deps: Pick<ProfileDeps, 'db'>, agentId: string) {
  const agent = await findAgent(deps.db, agentId);
  if (!agent) throw notFound('Agent not found');
  return {
    npn: agent.npn,
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    mobilePhone: agent.mobilePhone,
    memberSupportTier: agent.memberSupportTier,
  };
}

/**
 * The picture check and re-encoding of docs/decisions/files.md, for other uploads of pictures (training thumbnails).
 */
export { reencodeAvatar };
