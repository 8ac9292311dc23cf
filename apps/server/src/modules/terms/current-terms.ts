import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SharedCache } from '../../platform/shared-cache.ts';
import { findCurrentTermsId, findNextScheduledTerms } from './queries.ts';

/** What a replica remembers of the terms in force: the version (null: none) and until when it holds. */
export interface CurrentTermsEntry {
  id: number | null;
  /** epoch ms of the next scheduled version's effective moment (Infinity: none is scheduled) */
  until: number;
}

/**
 * The terms version in force, as the terms gate and user info key their cached answers by it
 * (docs/decisions/caches-and-replicas.md). Kept per replica in a SharedCache (USER_CACHE_TTL_MS) and dropped on every
 * replica when a version is published (`changed`); an entry also ends by itself at the next scheduled version's
 * effective moment (the injectable clock), so a scheduled version applies at its date without a restart or a message.
 */
export interface CurrentTerms {
  /** the version in force now (null: none), read from the database when not known here */
  id(): Promise<number | null>;
  /** the version in force when this replica knows it, else undefined (a synchronous fast path) */
  peek(): number | null | undefined;
  /** a version was published or scheduled: every replica reads again before its next answer */
  changed(): Promise<void>;
}

const KEY = 'current';

export function createCurrentTerms(deps: {
  db: Db;
  clock: Clock;
  cache: SharedCache<CurrentTermsEntry>;
}): CurrentTerms {
  const peek = () => {
    const entry = deps.cache.get(KEY);
    return entry && deps.clock.now().getTime() < entry.until ? entry.id : undefined;
  };
  return {
    peek,
    async id() {
      const known = peek();
      if (known !== undefined) return known;
      const now = deps.clock.now();
      const [id, next] = await Promise.all([findCurrentTermsId(deps.db, now), findNextScheduledTerms(deps.db, now)]);
      deps.cache.set(KEY, { id: id ?? null, until: next?.getTime() ?? Number.POSITIVE_INFINITY });
      return id ?? null;
    },
    changed: () => deps.cache.invalidate(KEY),
  };
}
