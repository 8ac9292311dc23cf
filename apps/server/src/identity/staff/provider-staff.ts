import { STAFF_CLIENT_ID, staffPaths } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { interactionPolicy, type Account, type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { staffAccounts } from '../../db/schema/index.ts';
import { staffIdOfSubject } from './staff-auth.ts';

/**
 * The staff side of the embedded provider (docs/decisions/back-office.md): a client of its own, whose tokens are for
 * the staff audience only, whose every authorization asks for a fresh sign-in (password and second factor), and whose
 * refresh tokens lapse after 30 idle minutes.
 */

const MINUTE = 60;
/** A staff access token's life: short, as a disabled account's open tokens end with their grant anyway. */
export const STAFF_ACCESS_TOKEN_TTL = 10 * MINUTE;
/** A staff session ends after this long without a token refresh (the web app also signs out after 30 idle minutes). */
export const STAFF_IDLE_TTL = 30 * MINUTE;
/** and after this long whatever happens: a working day */
export const STAFF_SESSION_MAX = 10 * 60 * MINUTE;

export const isStaffClient = (clientId: string | undefined): boolean => clientId === STAFF_CLIENT_ID;

export function staffClient(publicUrl: string, providerName: string): ClientMetadata {
  return {
    client_id: STAFF_CLIENT_ID,
    client_name: `${providerName} back office`,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${publicUrl}${staffPaths.loginCallback}`],
    post_logout_redirect_uris: [`${publicUrl}${staffPaths.signIn}`],
  };
}

/** The provider's account of a `staff:` subject: an active staff member, or none. */
export async function findStaffAccount(db: Db, sub: string): Promise<Account | undefined> {
  const staffId = staffIdOfSubject(sub);
  if (!staffId) return undefined;
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).limit(1);
  if (!row || row.status !== 'active') return undefined;
  return {
    accountId: sub,
    claims: () => ({ sub, email: row.email, name: row.email, preferred_username: row.email }),
  };
}

/**
 * The refresh token's life for the staff client: 30 minutes from its last use (each refresh rotates it), never past
 * STAFF_SESSION_MAX from the sign-in.
 */
export const staffRefreshTokenTtl = (token: { totalLifetime(): number }): number =>
  Math.max(1, Math.min(STAFF_IDLE_TTL, STAFF_SESSION_MAX - token.totalLifetime()));

/**
 * The provider's prompts with one more login check: the staff client always gets a fresh sign-in (the browser's
 * provider session, an agent's or an earlier staff member's, is never reused for staff), and the agents' client
 * never reuses a staff member's session.
 */
export function interactionPolicyWithStaff(): ReturnType<typeof interactionPolicy.base> {
  const { base, Check } = interactionPolicy;
  const policy = base();
  policy.get('login')!.checks.add(
    new Check('staff_separation', 'staff and agents sign in apart', (ctx: KoaContextWithOIDC) => {
      const { client, session, result } = ctx.oidc;
      if (result?.login) return Check.NO_NEED_TO_PROMPT;
      if (isStaffClient(client?.clientId)) return Check.REQUEST_PROMPT;
      return staffIdOfSubject(session?.accountId ?? '') ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
    }),
  );
  return policy;
}
