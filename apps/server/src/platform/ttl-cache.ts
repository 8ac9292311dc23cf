/**
 * A small bounded cache whose entries expire after `ttlMs`. It is only a speed-up for one replica:
 * whatever it holds is also in the database, and writes through this replica delete their entry.
 */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export function createTtlCache<V>(options: { ttlMs: number; maxEntries?: number; now?: () => number }): TtlCache<V> {
  const { ttlMs, maxEntries = 10_000, now = Date.now } = options;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  if (ttlMs <= 0) return { get: () => undefined, set: () => {}, delete: () => {} };
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
    set(key, value) {
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
