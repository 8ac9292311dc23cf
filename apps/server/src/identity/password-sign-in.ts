import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@arc/contract';
import type { Db } from '../db/client.ts';
import type { RecordAudit } from '../platform/audit.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { findAgentByLogin, isActiveStatus } from './account.ts';
import { claimAttempt, clearFailures, lockedUntil, throttleKey } from './throttle.ts';

export interface PasswordSignInDeps {
  db: Db;
  clock: Clock;
  /** the audit log's recorder (platform/audit.ts), handed down by app.ts */
  recordAudit: RecordAudit;
}

export interface SignInAttempt {
  username: string;
  password: string;
  /** the client's address as trusted by TRUST_PROXY, for the audit log */
  ip: string;
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

const locked = () => new AppError('LOCKED', MESSAGES.accountLocked);

/**
 * Checks a username-or-NPN and password and returns the agent id. Unknown names, inactive agents, agents who
 * have not registered and wrong passwords all cost one password verification and get the same answer; a locked
 * name is refused before the password is looked at.
 */
export async function verifyPasswordSignIn(
  { db, clock, recordAudit }: PasswordSignInDeps,
  credentials: SignInAttempt,
): Promise<string> {
  const found = await findAgentByLogin(db, credentials.username);
  // an agent whose status is empty or inactive is answered exactly as an unknown name (same key, time, answers)
  const agent = found && isActiveStatus(found.status) ? found : undefined;
  // Every outcome is audited (docs/decisions/audit-log.md); an unknown login keeps what was typed, clipped, and no
  // agent.
  const audit = (action: 'sign-in.succeeded' | 'sign-in.failed' | 'sign-in.locked', detail?: Record<string, unknown>) =>
    recordAudit(
      { db, clock },
      { agentId: found?.id ?? null, ip: credentials.ip, action, subject: credentials.username, detail },
    );
  const key = throttleKey({ agentId: agent?.id, login: credentials.username });
  // the lock is checked and this attempt counted in one step, before the password is looked at
  // (docs/decisions/passwords-and-sign-in.md)
  const claim = await claimAttempt(db, key, clock.now());
  if (claim.isLocked) {
    const lockedTill = await lockedUntil(db, key, clock.now());
    await audit('sign-in.failed', {
      reason: 'locked',
      ...(lockedTill ? { lockedUntil: lockedTill.toISOString() } : {}),
    });
    throw locked();
  }

  const hash = agent?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(credentials.password, hash);
  if (!agent?.passwordHash || !matches) {
    const lock = claim.lockedUntil;
    const reason = !found
      ? 'unknown-login'
      : !agent
        ? 'inactive'
        : !agent.passwordHash
          ? 'not-registered'
          : 'wrong-password';
    await audit('sign-in.failed', { reason });
    if (lock) await audit('sign-in.locked', { lockedUntil: lock.toISOString() });
    throw lock ? locked() : new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  }
  await clearFailures(db, [key]);
  await audit('sign-in.succeeded');
  return agent.id;
}
