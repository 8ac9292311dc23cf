import { isIPv6 } from 'node:net';
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
 * 10th failure), 32, and 60 minutes from then on. `lockAfter` moves the first lock (a counter of its own, say).
 */
export function lockDurationMs(failures: number, lockAfter = LOCK_AFTER_FAILURES): number {
  if (failures < lockAfter) return 0;
  return Math.min(2 ** (failures - lockAfter) * MINUTE_MS, MAX_LOCK_MS);
}

/**
 * The throttle key. A known agent is counted once whichever of username or NPN is typed; an unknown
 * name is counted by its normalised spelling, so the lock answer is the same for both.
 */
export const throttleKey = (input: { agentId?: string | undefined; login: string }): string =>
  input.agentId ? `agent:${input.agentId}` : `login:${input.login.trim().toLowerCase()}`;

/**
 * A client address as the throttle counts it: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64, the block one
 * subscriber gets and can pick addresses from at will; counted per address it would give a stranger endless tries.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const [head = '', tail] = address.split('::');
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  // an IPv4 tail (::a.b.c.d) stands for two groups
  const tailLength = tailGroups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailLength).fill('0')];
  const prefix = [...groups, '0', '0', '0', '0'].slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

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
  /**
   * the attempt is counted as a failure already (`failures` in all); `lockedUntil` is the lock it set if the password
   * is wrong
   */
  | { isLocked: false; failures: number; lockedUntil: Date | undefined };

interface ClaimOptions {
  /** the failure that sets the first lock (LOCK_AFTER_FAILURES unless told); null: a counter that never locks */
  lockAfter?: number | null;
}

/**
 * Checks the lock and counts the attempt as a failure in one statement, before the password is verified
 * (docs/decisions/passwords-and-sign-in.md). The row lock of the upsert orders concurrent attempts on one name: a
 * parallel burst cannot all read "not locked" and then all be verified; from the 5th counted attempt on, the rest are refused. A correct password
 * then clears the counter (`clearFailures`) or takes its attempt back (`refundAttempt`), so only wrong ones stay
 * counted.
 */
export async function claimAttempt(
  db: Db,
  key: string,
  now: Date,
  { lockAfter = LOCK_AFTER_FAILURES }: ClaimOptions = {},
): Promise<AttemptClaim> {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const at = now.toISOString();
  const failures = sql`case when ${signInThrottle.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${signInThrottle.failures} + 1 end`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: lockFrom(1, now, lockAfter) ?? null })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures,
        lastFailureAt: now,
        // the lock the failure count reaches (lockDurationMs in SQL): 2^(n-lockAfter) minutes, at most 60
        lockedUntil:
          lockAfter === null
            ? null
            : sql`case when (${failures}) >= ${lockAfter} then ${at}::timestamptz + least(power(2, (${failures}) - ${lockAfter}), ${MAX_LOCK_MS / MINUTE_MS}) * interval '1 minute' else null end`,
      },
      setWhere: or(isNull(signInThrottle.lockedUntil), lte(signInThrottle.lockedUntil, now)),
    })
    .returning({ failures: signInThrottle.failures, lockedUntil: signInThrottle.lockedUntil });
  if (!row) return { isLocked: true };
  return { isLocked: false, failures: row.failures, lockedUntil: row.lockedUntil ?? undefined };
}

function lockFrom(failures: number, now: Date, lockAfter: number | null = LOCK_AFTER_FAILURES): Date | undefined {
  if (lockAfter === null) return undefined;
  const duration = lockDurationMs(failures, lockAfter);
  return duration === 0 ? undefined : new Date(now.getTime() + duration);
}

/** The failures a counter holds now (0 when it has none, or none within the last day). */
export async function recentFailures(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ failures: signInThrottle.failures, lastFailureAt: signInThrottle.lastFailureAt })
    .from(signInThrottle)
    .where(eq(signInThrottle.key, key));
  if (!row || row.lastFailureAt.getTime() < now.getTime() - FAILURE_MEMORY_MS) return 0;
  return row.failures;
}

/**
 * Takes back an attempt `claimAttempt` counted that turned out right (a password that matched, while the second
 * factor is still to come): one failure less, and the lock the claim set (its `lockedUntil`) lifted. A lock set
 * since by another attempt stays.
 */
export async function refundAttempt(db: Db, key: string, claimed: AttemptClaim): Promise<void> {
  if (claimed.isLocked) return;
  const setLock = claimed.lockedUntil;
  await db
    .update(signInThrottle)
    .set({
      failures: sql`greatest(${signInThrottle.failures} - 1, 0)`,
      ...(setLock
        ? {
            lockedUntil: sql`case when ${signInThrottle.lockedUntil} = ${setLock.toISOString()}::timestamptz then null else ${signInThrottle.lockedUntil} end`,
          }
        : {}),
    })
    .where(eq(signInThrottle.key, key));
}

export async function clearFailures(db: Pick<Db, 'delete'>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(signInThrottle).where(inArray(signInThrottle.key, keys));
}

/** Drops every counter whose key starts with `prefix` (an account's counters per address, say). */
export async function clearFailuresStartingWith(db: Pick<Db, 'delete'>, prefix: string): Promise<void> {
  await db.delete(signInThrottle).where(sql`starts_with(${signInThrottle.key}, ${prefix})`);
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
