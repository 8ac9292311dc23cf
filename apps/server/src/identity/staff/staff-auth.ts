import { STAFF_AUDIENCE_PATH, STAFF_CLIENT_ID, type StaffRole } from '@arc/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { bearerToken, createTokenVerifier } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/shared-cache.ts';
import { createSharedCache } from '../../platform/shared-cache.ts';
import { loadOrCreateProviderSecrets, publicJwks } from '../keys.ts';

/** The signed-in staff member of a staff call. */
export interface StaffPrincipal {
  id: string;
  email: string;
  /** the name colleagues and agents read; null: the e-mail's local part stands for it */
  name: string | null;
  role: StaffRole;
  /** the member's own IANA time zone setting; null: the business zone */
  timeZone: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the hook of every staff call (route-access.ts): sets `request.staff`, else 401 (403 for an agent's token) */
    authenticateStaff: (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;
    /** call (and await) after changing a staff account's status or role: drops it on every replica */
    staffChanged: (staffId: string) => Promise<void>;
  }
  interface FastifyRequest {
    /** the signed-in staff member; set by `authenticateStaff` on staff calls only */
    staff: StaffPrincipal;
  }
}

/** A staff account's OpenID Connect subject: a namespace of its own, so no agent id can ever name a staff member. */
export const STAFF_SUBJECT_PREFIX = 'staff:';
export const staffSubject = (staffId: string): string => `${STAFF_SUBJECT_PREFIX}${staffId}`;
export const staffIdOfSubject = (sub: string): string | undefined =>
  sub.startsWith(STAFF_SUBJECT_PREFIX) ? sub.slice(STAFF_SUBJECT_PREFIX.length) : undefined;

/** The staff API's audience: the resource the staff client's tokens are issued for. */
export const staffAudience = (publicUrl: string): string => `${publicUrl}${STAFF_AUDIENCE_PATH}`;

export interface StaffAuthOptions {
  /** whether the grant of a token still stands (the agents' check: sign-out and a disabled account end grants) */
  isGrantActive: (grantId: string) => boolean | Promise<boolean>;
  bus: InvalidationBus | undefined;
}

/** The active staff member of an id, or null (unknown or disabled). */
async function readActiveStaff(db: Db, staffId: string): Promise<StaffPrincipal | null> {
  const [row] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      status: staffAccounts.status,
      timeZone: staffAccounts.timeZone,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  if (!row || row.status !== 'active') return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role as StaffRole, timeZone: row.timeZone };
}

/**
 * Staff calls' credential (docs/decisions/back-office.md and docs/decisions/route-access.md). A staff token is the
 * staff client's, for the staff audience, with a `staff:` subject, under a grant that still stands, of an active
 * account: anything else is 401. An agent's token is never a staff token (its audience is the agents' API); it gets
 * 403, so that the web app does not take it for an expired staff session. The account (role and status) is cached per
 * replica and dropped on every replica when it changes (`staffChanged`), like the agents' status.
 */
async function staffAuth(app: FastifyInstance, options: StaffAuthOptions): Promise<void> {
  const { config } = app.deps;
  const verify = config.isEmbeddedIssuer
    ? createTokenVerifier({
        issuer: config.oidcIssuer,
        audience: staffAudience(config.publicUrl),
        jwks: publicJwks(app.deps.secrets),
        reloadJwks: async () => publicJwks(await loadOrCreateProviderSecrets(app.db)),
        cacheSize: 1000,
      })
    : undefined;
  // the cache keeps objects (lru-cache): an account that is gone or disabled is kept as { staff: null }
  const accounts = createSharedCache<{ staff: StaffPrincipal | null }>({
    name: 'staff-accounts',
    ttlMs: config.userCacheTtlMs,
    bus: options.bus,
  });
  async function activeStaff(staffId: string): Promise<StaffPrincipal | null> {
    const known = accounts.get(staffId);
    if (known !== undefined) return known.staff;
    const read = await readActiveStaff(app.db, staffId);
    accounts.set(staffId, { staff: read });
    return read;
  }

  async function staffOf(token: string): Promise<StaffPrincipal> {
    if (!verify) throw new AppError('UNAUTHORIZED', 'Invalid token');
    const verified = await verify(token);
    const staffId = staffIdOfSubject(verified.agentId);
    if (verified.clientId !== STAFF_CLIENT_ID || !staffId || !verified.grantId) {
      throw new AppError('UNAUTHORIZED', 'Invalid token');
    }
    if (!(await options.isGrantActive(verified.grantId))) throw new AppError('UNAUTHORIZED', 'Signed out');
    const staff = await activeStaff(staffId);
    if (!staff) throw new AppError('UNAUTHORIZED', 'Invalid token');
    return staff;
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Missing token');
    try {
      request.staff = await staffOf(token);
    } catch (err) {
      // an agent's valid token: a signed-in person without the staff credential
      if (err instanceof AppError && (await app.optionalAgentId(request)) !== null) {
        throw new AppError('FORBIDDEN', 'A staff sign-in is needed');
      }
      throw err;
    }
  }

  app.decorateRequest('staff', null as unknown as StaffPrincipal);
  app.decorate('authenticateStaff', (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    authenticate(request).then(() => done(), done);
  });
  app.decorate('staffChanged', (staffId: string) => accounts.invalidate(staffId));
}

export const staffAuthPlugin = fp(staffAuth, { name: 'arc-staff-auth', dependencies: ['arc-auth'] });
