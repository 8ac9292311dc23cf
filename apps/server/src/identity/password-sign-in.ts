import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@arc/contract';
import type { Db } from '../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { findAgentByLogin } from './account.ts';
import { clearFailures, lockedUntil, recordFailure, throttleKey } from './throttle.ts';

export interface PasswordSignInDeps {
  db: Db;
  clock: Clock;
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

const locked = () => new AppError('LOCKED', MESSAGES.accountLocked);

/**
 * Checks a username-or-NPN and password and returns the agent id. Unknown names, agents who have not
 * registered and wrong passwords all cost one password verification and get the same answer; a locked
 * name is refused before the password is looked at.
 */
export async function verifyPasswordSignIn(
  { db, clock }: PasswordSignInDeps,
  credentials: { username: string; password: string },
): Promise<string> {
  const agent = await findAgentByLogin(db, credentials.username);
  const key = throttleKey({ agentId: agent?.id, login: credentials.username });
  if (await lockedUntil(db, key, clock.now())) throw locked();

  const hash = agent?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(credentials.password, hash);
  if (!agent?.passwordHash || !matches) {
    const lock = await recordFailure(db, key, clock.now());
    throw lock ? locked() : new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  }
  await clearFailures(db, [key]);
  return agent.id;
}
