import { randomBytes, randomInt } from 'node:crypto';
import { passesPasswordRules, STAFF_MEMBER_MESSAGES, STAFF_MESSAGES, type StaffRole } from '@arc/contract';
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffAccounts, staffEnrolmentLinks, staffRecoveryCodes } from '../../db/schema/index.ts';
import type { AuditAction, RecordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, randomId, randomToken } from '../../platform/tokens.ts';
import { revokeAccountPayloads } from '../adapter.ts';
import {
  claimAttempt,
  clearFailures,
  clearFailuresStartingWith,
  lockedUntil,
  recentFailures,
  refundAttempt,
  throttleAddress,
} from '../throttle.ts';
import { staffSubject } from './staff-auth.ts';
import { matchTotpStep, newTotpSecret } from './totp.ts';

/**
 * Staff accounts (docs/decisions/back-office.md): made by `npm run staff` (or the demo seed), enrolled through a
 * one-time link (password, TOTP secret, recovery codes), signed in with both factors, disabled, and their second factor
 * reset.
 */

export interface StaffDeps {
  db: Db;
  clock: Clock;
  /** the audit log's recorder, handed in by app.ts (the port of docs/decisions/code-layout.md) */
  recordAudit: RecordAudit;
}

export interface StaffSignInDeps extends StaffDeps {
  /** the provider's own e-mail domain (PROVIDER_EMAIL_DOMAIN): its staff may type only the name before the @ */
  emailDomain: string | undefined;
}

export type StaffAccount = typeof staffAccounts.$inferSelect;

/** How long an enrolment link stays good. */
export const ENROLMENT_LINK_TTL_MS = 72 * 60 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** After a right password, how long the second factor may take. */
const SECOND_FACTOR_WINDOW_MS = 5 * 60 * 1000;

export const normaliseStaffEmail = (email: string): string => email.trim().toLowerCase();

const audit = (
  deps: Pick<StaffDeps, 'db' | 'clock' | 'recordAudit'>,
  action: AuditAction,
  event: { staffId?: string | null; email: string; ip?: string | null; detail?: Record<string, unknown> },
) =>
  deps.recordAudit(deps, {
    agentId: null,
    staffId: event.staffId ?? null,
    ip: event.ip ?? null,
    action,
    subject: event.email,
    detail: event.detail,
  });

/**
 * The admin who made a change in the back office (absent when `npm run staff` made it): recorded as `detail.by`
 * with the admin's address, beside the account changed (the record's staff id and subject).
 */
export interface StaffActor {
  email: string;
  ip: string;
}
const byActor = (actor: StaffActor | undefined) => (actor ? { by: actor.email } : {});

export async function findStaffByEmail(db: Db, email: string): Promise<StaffAccount | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, normaliseStaffEmail(email)))
    .limit(1);
  return row;
}

/** The account a sign-in names: the whole e-mail, or the name before the @ of the provider's own domain. */
function findStaffByLogin(db: Db, login: string, emailDomain: string | undefined): Promise<StaffAccount | undefined> {
  const value = normaliseStaffEmail(login);
  return findStaffByEmail(db, !value.includes('@') && emailDomain ? `${value}@${emailDomain}` : value);
}

async function requireStaff(db: Db, email: string): Promise<StaffAccount> {
  const staff = await findStaffByEmail(db, email);
  if (!staff) throw new AppError('NOT_FOUND', `No staff account has the e-mail ${normaliseStaffEmail(email)}`);
  return staff;
}

export function listStaff(db: Db): Promise<StaffAccount[]> {
  return db.select().from(staffAccounts).orderBy(asc(staffAccounts.email));
}

export async function findStaffById(db: Db, id: string): Promise<StaffAccount | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row;
}

/** A new enrolment link for the account; its earlier links are spent. Answers the token (only its hash is kept). */
async function issueEnrolmentLink(tx: Db, staffId: string, now: Date): Promise<string> {
  await tx
    .update(staffEnrolmentLinks)
    .set({ usedAt: now })
    .where(and(eq(staffEnrolmentLinks.staffId, staffId), isNull(staffEnrolmentLinks.usedAt)));
  const token = randomToken();
  await tx.insert(staffEnrolmentLinks).values({
    tokenHash: hashToken(token),
    staffId,
    totpSecret: newTotpSecret(),
    expiresAt: new Date(now.getTime() + ENROLMENT_LINK_TTL_MS),
  });
  return token;
}

/** Makes a staff account and answers its one-time enrolment link's token. */
/** A staff member's own time zone for the back office (null: the business zone). */
export async function setStaffTimeZone(deps: { db: Db }, staffId: string, timeZone: string | null): Promise<void> {
  await deps.db.update(staffAccounts).set({ timeZone }).where(eq(staffAccounts.id, staffId));
}

export async function createStaff(
  deps: StaffDeps,
  input: { email: string; role: StaffRole },
  actor?: StaffActor,
): Promise<{ staffId: string; token: string }> {
  const email = normaliseStaffEmail(input.email);
  if (await findStaffByEmail(deps.db, email)) throw new AppError('CONFLICT', `A staff account has the e-mail ${email}`);
  return deps.db.transaction(async (tx) => {
    const staffId = randomId();
    await tx.insert(staffAccounts).values({ id: staffId, email, role: input.role });
    const token = await issueEnrolmentLink(tx, staffId, deps.clock.now());
    await audit({ db: tx, clock: deps.clock, recordAudit: deps.recordAudit }, 'staff.created', {
      staffId,
      email,
      ip: actor?.ip ?? null,
      detail: { role: input.role, ...byActor(actor) },
    });
    return { staffId, token };
  });
}

/**
 * Disables an account: it cannot sign in, and every session, grant and token of it ends. Answers the ended grants
 * (pass them to `app.grantsEnded`, and the id to `app.staffChanged`, when a server does it; a command's change
 * reaches running servers within USER_CACHE_TTL_MS).
 */
export async function disableStaff(
  deps: StaffDeps,
  email: string,
  actor?: StaffActor,
): Promise<{ staffId: string; endedGrants: string[] }> {
  const staff = await requireStaff(deps.db, email);
  const now = deps.clock.now();
  const endedGrants = await deps.db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ status: 'disabled' }).where(eq(staffAccounts.id, staff.id));
    await tx
      .update(staffEnrolmentLinks)
      .set({ usedAt: now })
      .where(and(eq(staffEnrolmentLinks.staffId, staff.id), isNull(staffEnrolmentLinks.usedAt)));
    const ended = await revokeAccountPayloads(tx, staffSubject(staff.id));
    await audit({ db: tx, clock: deps.clock, recordAudit: deps.recordAudit }, 'staff.disabled', {
      staffId: staff.id,
      email: staff.email,
      ip: actor?.ip ?? null,
      ...(actor ? { detail: byActor(actor) } : {}),
    });
    return ended;
  });
  return { staffId: staff.id, endedGrants };
}

/**
 * Makes a disabled account active again (issue 47): its password, second factor and recovery codes are those it had,
 * so the member signs in as before; the sessions that disabling ended stay ended. An active account is answered as it
 * is, and nothing is written.
 */
export async function enableStaff(deps: StaffDeps, staffId: string, actor?: StaffActor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(staffAccounts)
      .set({ status: 'active' })
      .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.status, 'disabled')))
      .returning({ email: staffAccounts.email });
    const [row] = enabled;
    if (!row) return;
    await clearStaffCounters(tx, staffId);
    await audit({ db: tx, clock: deps.clock, recordAudit: deps.recordAudit }, 'staff.enabled', {
      staffId,
      email: row.email,
      ip: actor?.ip ?? null,
      ...(actor ? { detail: byActor(actor) } : {}),
    });
  });
}

/**
 * Changes an account's role (issue 47). The role is read on every call (staff-auth.ts, dropped from the cache by
 * `app.staffChanged`), so the member's sessions stay open and their next call uses the new role. The last active admin
 * keeps the role (409): the active admins are locked first, so two admins taking the role from each other at once
 * cannot both succeed. The same role again writes nothing.
 */
export async function changeStaffRole(
  deps: StaffDeps,
  staffId: string,
  role: StaffRole,
  actor?: StaffActor,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'admin'), eq(staffAccounts.status, 'active')))
      .for('update');
    const [staff] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update');
    if (!staff) throw new AppError('NOT_FOUND', STAFF_MEMBER_MESSAGES.notFound);
    if (staff.role === role) return;
    const isActiveAdmin = staff.role === 'admin' && staff.status === 'active';
    if (isActiveAdmin && role !== 'admin' && !admins.some((admin) => admin.id !== staffId)) {
      throw new AppError('CONFLICT', STAFF_MEMBER_MESSAGES.lastAdmin);
    }
    await tx.update(staffAccounts).set({ role }).where(eq(staffAccounts.id, staffId));
    await audit({ db: tx, clock: deps.clock, recordAudit: deps.recordAudit }, 'staff.role-changed', {
      staffId,
      email: staff.email,
      ip: actor?.ip ?? null,
      detail: { from: staff.role, to: role, ...byActor(actor) },
    });
  });
}

/**
 * Removes the account's second factor (a lost phone): the TOTP secret and recovery codes go, every session ends,
 * and a new enrolment link (which sets a password and a second factor again) is answered. A disabled account is
 * active again only through this.
 */
export async function resetStaffSecondFactor(
  deps: StaffDeps,
  email: string,
  actor?: StaffActor,
): Promise<{ staffId: string; token: string; endedGrants: string[] }> {
  const staff = await requireStaff(deps.db, email);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpLastStep: null, passwordHash: null, enrolledAt: null, status: 'active' })
      .where(eq(staffAccounts.id, staff.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
    const endedGrants = await revokeAccountPayloads(tx, staffSubject(staff.id));
    await clearStaffCounters(tx, staff.id);
    const token = await issueEnrolmentLink(tx, staff.id, now);
    await audit({ db: tx, clock: deps.clock, recordAudit: deps.recordAudit }, 'staff.second-factor-reset', {
      staffId: staff.id,
      email: staff.email,
      ip: actor?.ip ?? null,
      ...(actor ? { detail: byActor(actor) } : {}),
    });
    return { staffId: staff.id, token, endedGrants };
  });
}

// ── enrolment ───────────────────────────────────────────────────────────────────────────────────────────────

const linkExpired = () => new AppError('GONE', 'This enrolment link is expired or was used already.');

async function openEnrolmentLink(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ link: staffEnrolmentLinks, staff: staffAccounts })
    .from(staffEnrolmentLinks)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffEnrolmentLinks.staffId))
    .where(
      and(
        eq(staffEnrolmentLinks.tokenHash, hashToken(token)),
        isNull(staffEnrolmentLinks.usedAt),
        gt(staffEnrolmentLinks.expiresAt, now),
        eq(staffAccounts.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) throw linkExpired();
  return row;
}

/** What an enrolment link sets up: the account and the TOTP secret it offers (the same until it is used). */
export async function getEnrolment(
  deps: StaffDeps,
  token: string,
): Promise<{ email: string; role: StaffRole; secret: string }> {
  const { link, staff } = await openEnrolmentLink(deps.db, token, deps.clock.now());
  return { email: staff.email, role: staff.role as StaffRole, secret: link.totpSecret };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** `xxxxx-xxxxx` from an alphabet without look-alikes: about 49 bits, behind the sign-in lock. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
/** What is hashed: case, spaces and hyphens do not count. */
const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Completes an enrolment: checks the password (the agents' rules, docs/decisions/passwords-and-sign-in.md) and a code
 * of the offered secret, then in one transaction spends the link (a conditional UPDATE: of two uses only one gets
 * through), sets the password and secret, and stores fresh recovery codes. Answers the recovery codes: shown this once.
 */
export async function completeEnrolment(
  deps: StaffDeps,
  token: string,
  input: { password: string; code: string; ip: string },
): Promise<string[]> {
  const now = deps.clock.now();
  const { link, staff } = await openEnrolmentLink(deps.db, token, now);
  if (!passesPasswordRules(input.password)) {
    throw new AppError('BAD_REQUEST', STAFF_MESSAGES.weakPassword, {
      fieldErrors: { password: [STAFF_MESSAGES.weakPassword] },
    });
  }
  await checkNewPassword(input.password, { username: staff.email, npn: '' });
  const step = matchTotpStep(link.totpSecret, input.code, now);
  if (step === undefined) throw new AppError('BAD_REQUEST', STAFF_MESSAGES.enrolmentCode);
  const passwordHash = await hashPassword(input.password);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    const spent = await tx
      .update(staffEnrolmentLinks)
      .set({ usedAt: now })
      .where(and(eq(staffEnrolmentLinks.tokenHash, link.tokenHash), isNull(staffEnrolmentLinks.usedAt)))
      .returning({ tokenHash: staffEnrolmentLinks.tokenHash });
    if (spent.length === 0) throw linkExpired();
    await tx
      .update(staffAccounts)
      .set({ passwordHash, totpSecret: link.totpSecret, totpLastStep: step, enrolledAt: now })
      .where(eq(staffAccounts.id, staff.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((code) => ({ staffId: staff.id, codeHash: hashToken(normaliseRecoveryCode(code)) })));
    await clearStaffCounters(tx, staff.id);
    await audit({ db: tx, clock: deps.clock, recordAudit: deps.recordAudit }, 'staff.enrolled', {
      staffId: staff.id,
      email: staff.email,
      ip: input.ip,
    });
  });
  return codes;
}

// ── sign-in ─────────────────────────────────────────────────────────────────────────────────────────────────

/** The account-wide counter of a known staff member (both factors count), or of an e-mail no active account has. */
export const staffThrottleKey = (staffId: string): string => `staff:${staffId}`;
const unknownStaffThrottleKey = (email: string): string => `staff-login:${normaliseStaffEmail(email)}`;
/** The counter of one account from one address; every such counter of an account starts with its account key. */
const pairPrefix = (accountKey: string): string => `${accountKey}@`;
const pairThrottleKey = (accountKey: string, ip: string): string => `${pairPrefix(accountKey)}${throttleAddress(ip)}`;
/** The counter of one address (an IPv6 one by its /64), whichever staff e-mails it tries. */
const addressThrottleKey = (ip: string): string => `staff-ip:${throttleAddress(ip)}`;

/** Drops an account's sign-in counters, its own and per address (a reset or a new enrolment). */
async function clearStaffCounters(db: Pick<Db, 'delete'>, staffId: string): Promise<void> {
  await clearFailures(db, [staffThrottleKey(staffId)]);
  await clearFailuresStartingWith(db, pairPrefix(staffThrottleKey(staffId)));
}

/** Failures of one account from one address before it waits (1 minute, then doubling up to an hour). */
const STAFF_PAIR_LOCK_AFTER = 5;
/** Failures of one address, over every staff e-mail, before it waits (1 minute, then doubling up to an hour). */
const STAFF_ADDRESS_LOCK_AFTER = 20;
/**
 * Failures of one account from every address within a day that put it under attack: it is never locked, but each
 * address then waits after its first failure on it (not its fifth), so a stranger spread over many addresses is
 * slowed while the owner, from an address with no failures of its own, still signs in at once.
 */
const STAFF_ACCOUNT_CEILING = 10;

/** A hash to verify against when no enrolled active account has the e-mail, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** 429, the same for every account known or not, with the seconds to wait. */
const throttled = (until: Date | undefined, now: Date) =>
  new AppError('TOO_MANY_REQUESTS', STAFF_MESSAGES.locked, {
    retryAfterSeconds: Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime()) - now.getTime()) / 1000)),
  });

type StaffClaim =
  | { isThrottled: true; until: Date | undefined }
  | {
      isThrottled: false;
      /** the wait this attempt set if it proves wrong (the later of its pair's and its address's) */
      lockedUntil: Date | undefined;
      /** takes the attempt back (a right password: only the second factor's outcome counts) */
      refund: () => Promise<void>;
      /** a full sign-in: the account's counter from this address is cleared, the others take the attempt back */
      succeed: () => Promise<void>;
    };

/**
 * Counts a staff sign-in attempt before it is checked (the one-step claim of docs/decisions/passwords-and-sign-in.md),
 * on three counters: the account from this address and the address alone (each refuses, 429, once its wait is on),
 * and the account from every address (never refuses; past STAFF_ACCOUNT_CEILING each address waits from its first
 * failure). A stranger who hammers an account from one address, or sprays e-mails from it, is kept waiting; the owner
 * elsewhere is not.
 */
async function claimStaffAttempt(db: Db, accountKey: string, ip: string, now: Date): Promise<StaffClaim> {
  const isUnderAttack = (await recentFailures(db, accountKey, now)) >= STAFF_ACCOUNT_CEILING;
  const pair = { key: pairThrottleKey(accountKey, ip), lockAfter: isUnderAttack ? 1 : STAFF_PAIR_LOCK_AFTER };
  const address = { key: addressThrottleKey(ip) };
  const pairClaim = await claimAttempt(db, pair.key, now, { lockAfter: pair.lockAfter });
  if (pairClaim.isLocked) return { isThrottled: true, until: await lockedUntil(db, pair.key, now) };
  const addressClaim = await claimAttempt(db, address.key, now, { lockAfter: STAFF_ADDRESS_LOCK_AFTER });
  if (addressClaim.isLocked) {
    await refundAttempt(db, pair.key, pairClaim);
    return { isThrottled: true, until: await lockedUntil(db, address.key, now) };
  }
  const accountClaim = await claimAttempt(db, accountKey, now, { lockAfter: null });
  const waits = [pairClaim.lockedUntil, addressClaim.lockedUntil].filter((d): d is Date => d !== undefined);
  const takeBack = async () => {
    await refundAttempt(db, address.key, addressClaim);
    await refundAttempt(db, accountKey, accountClaim);
  };
  return {
    isThrottled: false,
    lockedUntil: waits.length > 0 ? new Date(Math.max(...waits.map((d) => d.getTime()))) : undefined,
    refund: async () => {
      await refundAttempt(db, pair.key, pairClaim);
      await takeBack();
    },
    succeed: async () => {
      await clearFailures(db, [pair.key]);
      await takeBack();
    },
  };
}

/**
 * Claims the attempt (`claimStaffAttempt`), or — when the address must wait — records the refusal for the factor
 * and answers 429. Answers the claim of an attempt that goes on to be checked.
 */
async function claimOrRefuse(
  deps: Pick<StaffDeps, 'db' | 'clock' | 'recordAudit'>,
  accountKey: string,
  event: { staffId: string | null; email: string; ip: string },
  factor: 'password' | 'second-factor',
  now: Date,
): Promise<Extract<StaffClaim, { isThrottled: false }>> {
  const claim = await claimStaffAttempt(deps.db, accountKey, event.ip, now);
  if (!claim.isThrottled) return claim;
  await audit(deps, 'staff.sign-in.failed', {
    ...event,
    detail: { factor, reason: 'locked', ...(claim.until ? { lockedUntil: claim.until.toISOString() } : {}) },
  });
  throw throttled(claim.until, now);
}

/**
 * The first factor: e-mail and password. Unknown e-mails, disabled or not yet enrolled accounts and wrong
 * passwords all cost one password verification and get the same answer; an address that must wait is refused
 * (429) before the password is looked at. A right password takes its attempt back: only the second factor's
 * outcome then counts, once, so a stolen password opens no more tries at the code than a guess does. Answers the
 * staff id.
 */
export async function verifyStaffPassword(
  deps: StaffSignInDeps,
  attempt: { email: string; password: string; ip: string },
): Promise<string> {
  const now = deps.clock.now();
  const found = await findStaffByLogin(deps.db, attempt.email, deps.emailDomain);
  const staff = found && found.status === 'active' && found.passwordHash && found.totpSecret ? found : undefined;
  const key = staff ? staffThrottleKey(staff.id) : unknownStaffThrottleKey(found?.email ?? attempt.email);
  const event = { staffId: found?.id ?? null, email: attempt.email, ip: attempt.ip };
  const claim = await claimOrRefuse(deps, key, event, 'password', now);
  const matches = await verifyPassword(attempt.password, staff?.passwordHash ?? (await dummyPasswordHash()));
  if (!staff || !matches) {
    const reason = !found
      ? 'unknown-login'
      : found.status !== 'active'
        ? 'disabled'
        : !staff
          ? 'not-enrolled'
          : 'wrong-password';
    await audit(deps, 'staff.sign-in.failed', { ...event, detail: { factor: 'password', reason } });
    if (claim.lockedUntil) {
      await audit(deps, 'staff.sign-in.locked', { ...event, detail: { lockedUntil: claim.lockedUntil.toISOString() } });
      throw throttled(claim.lockedUntil, now);
    }
    throw new AppError('UNAUTHORIZED', STAFF_MESSAGES.invalidCredentials);
  }
  await claim.refund();
  return staff.id;
}

/** A first factor that passed, kept on the sign-in interaction until the second one does. */
export interface FirstFactor {
  staffId: string;
  /** epoch milliseconds */
  passedAt: number;
}

export const isFirstFactorFresh = (first: FirstFactor, now: Date): boolean =>
  now.getTime() - first.passedAt <= SECOND_FACTOR_WINDOW_MS;

/**
 * The second factor: a TOTP code (each 30-second step good once) or an unused recovery code (spent by one
 * conditional UPDATE). Counted on the same counters as the password, once. On success the account's counter from this
 * address is cleared and the sign-in recorded. Answers which factor it was.
 */
export async function verifyStaffSecondFactor(
  deps: StaffDeps,
  attempt: { staffId: string; code: string; ip: string },
): Promise<'totp' | 'recovery-code'> {
  const now = deps.clock.now();
  const [staff] = await deps.db.select().from(staffAccounts).where(eq(staffAccounts.id, attempt.staffId)).limit(1);
  if (!staff || staff.status !== 'active' || !staff.totpSecret) {
    throw new AppError('UNAUTHORIZED', STAFF_MESSAGES.invalidCredentials);
  }
  const event = { staffId: staff.id, email: staff.email, ip: attempt.ip };
  const claim = await claimOrRefuse(deps, staffThrottleKey(staff.id), event, 'second-factor', now);
  const code = attempt.code.trim();
  let factor: 'totp' | 'recovery-code' | undefined;
  let reason = 'wrong-code';
  if (/^\d{6}$/.test(code.replace(/\s/g, ''))) {
    const step = matchTotpStep(staff.totpSecret, code.replace(/\s/g, ''), now);
    if (step !== undefined) {
      const taken = await deps.db
        .update(staffAccounts)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(staffAccounts.id, staff.id),
            or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
          ),
        )
        .returning({ id: staffAccounts.id });
      if (taken.length > 0) factor = 'totp';
      else reason = 'code-reused';
    }
  } else {
    const spent = await deps.db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staff.id),
          eq(staffRecoveryCodes.codeHash, hashToken(normaliseRecoveryCode(code))),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ staffId: staffRecoveryCodes.staffId });
    if (spent.length > 0) factor = 'recovery-code';
    else reason = 'wrong-recovery-code';
  }
  if (!factor) {
    await audit(deps, 'staff.sign-in.failed', { ...event, detail: { factor: 'second-factor', reason } });
    if (claim.lockedUntil) {
      await audit(deps, 'staff.sign-in.locked', { ...event, detail: { lockedUntil: claim.lockedUntil.toISOString() } });
      throw throttled(claim.lockedUntil, now);
    }
    throw new AppError('UNAUTHORIZED', STAFF_MESSAGES.invalidCode);
  }
  await claim.succeed();
  await deps.db.update(staffAccounts).set({ lastSignInAt: now }).where(eq(staffAccounts.id, staff.id));
  await audit(deps, 'staff.sign-in.succeeded', { ...event, detail: { factor } });
  return factor;
}
