/**
 * The one bounded cache of the server: at most `maxEntries` (the oldest entry goes first), each entry until
 * `ttlMs` after it was set or until the `expiresAt` given with it. It is only a speed-up for one replica:
 * whatever it holds can be found or computed again (user info, verified access tokens).
 */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** `expiresAt` (epoch ms) instead of now + ttlMs, for values with their own end such as a token's `exp` */
  set(key: string, value: V, expiresAt?: number): void;
  delete(key: string): void;
  /** forgets every entry */
  clear(): void;
}

export function createTtlCache<V>(options: { ttlMs: number; maxEntries?: number; now?: () => number }): TtlCache<V> {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  if (ttlMs <= 0) return { get: () => undefined, set: () => {}, delete: () => {}, clear: () => {} };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, expiresAt = now() + ttlMs) {
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expiresAt });
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
