import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';
import type { SharedCache } from '../platform/shared-cache.ts';

export interface GrantCheck {
  /** whether the grant still stands: from the cache when it knows (synchronously), else one primary-key read */
  isActive(grantId: string): boolean | Promise<boolean>;
  /** the grant has ended (Log Out, a revoked refresh token): forget it here and on every other replica */
  ended(grantId: string): Promise<void>;
  /**
   * Calls `listener` with each grant that ended, here or on another replica, or with null when some may have gone
   * unheard (Redis came back): an open stream asks `isActive` again then. Answers the function that stops it.
   */
  onEnded(listener: (grantId: string | null) => void): () => void;
}

/**
 * The grants behind the API's access tokens, for the auth plugin's check (docs/decisions/identity-provider.md). A JWT
 * access token cannot be withdrawn, but the grant it was issued under can: Log Out revokes it (the provider deletes its
 * row), and the API refuses a token whose grant row is gone. Answers are cached per grant in a SharedCache, so a call
 * costs a map lookup; the adapter reports a deleted grant (`ended`), which drops the entry on every replica
 * before the Log Out answers. A grant that has ended never comes back, so "ended" is cached as well.
 */
export function createGrantCheck({ db, cache }: { db: Db; cache: SharedCache<boolean> }): GrantCheck {
  async function read(grantId: string): Promise<boolean> {
    const [row] = await db
      .select({ expiresAt: oidcPayloads.expiresAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.id, grantId), eq(oidcPayloads.type, 'Grant')))
      .limit(1);
    const isActive = row !== undefined && (row.expiresAt === null || row.expiresAt.getTime() > Date.now());
    cache.set(grantId, isActive);
    return isActive;
  }
  return {
    isActive: (grantId) => cache.get(grantId) ?? read(grantId),
    ended: (grantId) => cache.invalidate(grantId),
    onEnded: (listener) => cache.onInvalidate(listener),
  };
}
