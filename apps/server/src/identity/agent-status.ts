import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agents } from '../db/schema/index.ts';
import type { SharedCache } from '../platform/shared-cache.ts';
import { isActiveStatus } from './account.ts';

export interface AgentStatusCheck {
  /** whether the agent may use the API: from the cache when it knows (synchronously), else one primary-key read */
  isActive(agentId: string): boolean | Promise<boolean>;
  /** the agent's status (or anything user info shows) changed: forget it here and on every other replica */
  changed(agentId: string): Promise<void>;
  /**
   * Calls `listener` with each agent whose status may have changed, here or on another replica, or with null when
   * some may have gone unheard (Redis came back): an open stream asks `isActive` again then. Answers the function
   * that stops it.
   */
  onChanged(listener: (agentId: string | null) => void): () => void;
}

/**
 * The agent-status check of the auth plugin: an agent whose status is empty or inactive is refused on every call,
 * not only by the web app. Like the grant check (grants.ts, docs/decisions/identity-provider.md) the answer is cached
 * per agent in a SharedCache (`USER_CACHE_TTL_MS`), so a call costs a map lookup, and a change drops it on every
 * replica.
 */
export function createAgentStatusCheck({ db, cache }: { db: Db; cache: SharedCache<boolean> }): AgentStatusCheck {
  async function read(agentId: string): Promise<boolean> {
    const [row] = await db.select({ status: agents.status }).from(agents).where(eq(agents.id, agentId)).limit(1);
    const isActive = row !== undefined && isActiveStatus(row.status);
    cache.set(agentId, isActive);
    return isActive;
  }
  return {
    isActive: (agentId) => {
      const known = cache.get(agentId);
      if (known !== undefined) return known;
      const reading = read(agentId);
      // a caller that only peeks (the auth plugin's fast path) drops the promise: a database outage must not
      // become an unhandled rejection; a caller that awaits it still sees the error
      reading.catch(() => undefined);
      return reading;
    },
    changed: (agentId) => cache.invalidate(agentId),
    onChanged: (listener) => cache.onInvalidate(listener),
  };
}
