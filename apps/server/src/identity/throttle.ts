import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInThrottle } from '../db/schema/index.ts';

/** Failures in a row before the first lock. */
export const LOCK_AFTER_FAILURES = 5;
const MINUTE_MS = 60_000;
/** The longest single lock; an attacker who knows a username can keep it locked, but no longer than this per try. */
const MAX_LOCK_MS = 60 * MINUTE_MS;
/** A counter with no failure for this long starts again from zero. */
const FAILURE_MEMORY_MS = 24 * 60 * MINUTE_MS;

/**
 * 5th failure: 1 minute, then 2, 4, 8, 16 (the 9th, so a lock of 15 minutes or more comes before the
 * 10th failure), 32, and 60 minutes from then on.
 */
export function lockDurationMs(failures: number): number {
  if (failures < LOCK_AFTER_FAILURES) return 0;
  return Math.min(2 ** (failures - LOCK_AFTER_FAILURES) * MINUTE_MS, MAX_LOCK_MS);
}

/**
 * The throttle key. A known agent is counted once whichever of username or NPN is typed; an unknown
 * name is counted by its normalised spelling, so the lock answer is the same for both.
 */
export const throttleKey = (input: { agentId?: string | undefined; login: string }): string =>
  input.agentId ? `agent:${input.agentId}` : `login:${input.login.trim().toLowerCase()}`;

export async function lockedUntil(db: Db, key: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: signInThrottle.lockedUntil })
    .from(signInThrottle)
    .where(eq(signInThrottle.key, key));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : undefined;
}

export type AttemptClaim =
  /** the name is locked: the password must not be looked at */
  | { isLocked: true }
  /** the attempt is counted as a failure already; `lockedUntil` is the lock it set if the password is wrong */
  | { isLocked: false; lockedUntil: Date | undefined };

/**
 * Checks the lock and counts the attempt as a failure in one statement, before the password is verified
 * (docs/decisions/passwords-and-sign-in.md). The row lock of the upsert orders concurrent attempts on one name: a
 * parallel burst cannot all read "not locked" and then all be verified; from the 5th counted attempt on, the rest are
 * refused. A correct password then clears the counter (`clearFailures`), so only wrong ones stay counted.
 */
export async function claimAttempt(db: Db, key: string, now: Date): Promise<AttemptClaim> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const at = now.toISOString();
  const failures = sql`case when ${signInThrottle.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${signInThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: lockFrom(1, now) ?? null })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures,
        lastFailureAt: now,
        // the lock the failure count reaches (lockDurationMs in SQL): 2^(n-5) minutes from the 5th, at most 60
        lockedUntil: sql`case when (${failures}) >= ${LOCK_AFTER_FAILURES} then ${at}::timestamptz + least(power(2, (${failures}) - ${LOCK_AFTER_FAILURES}), ${MAX_LOCK_MS / MINUTE_MS}) * interval '1 minute' else null end`,
      },
      setWhere: or(isNull(signInThrottle.lockedUntil), lte(signInThrottle.lockedUntil, now)),
    })
    .returning({ failures: signInThrottle.failures });
  if (!row) return { isLocked: true };
  return { isLocked: false, lockedUntil: lockFrom(row.failures, now) };
}

function lockFrom(failures: number, now: Date): Date | undefined {
  const duration = lockDurationMs(failures);
  return duration === 0 ? undefined : new Date(now.getTime() + duration);
}

export async function clearFailures(db: Pick<Db, 'delete'>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, keys));
}

/** Drops counters nobody needs any more: not locked and quiet for a day. */
export async function purgeStaleThrottles(db: Db, now = new Date()): Promise<void> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  await db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.lastFailureAt, forgetBefore),
        or(isNull(signInThrottle.lockedUntil), lt(signInThrottle.lockedUntil, now)),
      ),
    );
}
