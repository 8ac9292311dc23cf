import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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

/** Counts one failure (atomically, so replicas agree) and returns the lock it caused, if any. */
export async function recordFailure(db: Db, key: string, now: Date): Promise<Date | undefined> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: sql`case when ${signInThrottle.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${signInThrottle.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInThrottle.failures });
  const duration = lockDurationMs(row?.failures ?? 0);
  if (duration === 0) return undefined;
  const until = new Date(now.getTime() + duration);
  await db.update(signInThrottle).set({ lockedUntil: until }).where(eq(signInThrottle.key, key));
  return until;
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
