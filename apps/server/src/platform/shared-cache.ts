import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A per-replica cache (lru-cache: at most `maxEntries`, each for `ttlMs`; a TTL of 0 caches nothing) whose
 * invalidations reach every replica (docs/decisions/caches-and-replicas.md). It is only a speed-up: whatever
 * it holds can be read again from the database.
 * `invalidate(key)` drops the entry here and, with REDIS_URL, publishes the key on a Redis channel that every
 * replica subscribes to; it resolves once Redis has handed the message to the subscribers, so the answer of the
 * call that changed the data leaves after the other replicas were told. While this replica's subscription is
 * down it may miss a message, so it serves nothing from the cache (reads go to the database) and starts empty
 * when the subscription is back.
 */
export interface SharedCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  invalidate(key: string): Promise<void>;
  /**
   * Calls `listener` after every invalidation this replica sees, its own at once and another replica's when Redis
   * brings it, with the key; or with null when this replica may have missed some (its Redis subscription came
   * back). For what must follow a change beyond the cache (an open stream whose grant ended). Answers the
   * function that stops it.
   */
  onInvalidate(listener: InvalidateListener): () => void;
}

export type InvalidateListener = (key: string | null) => void;

/** The Redis side: one subscriber connection per replica, shared by every SharedCache. */
export interface InvalidationBus {
  publish(channel: string, key: string): Promise<void>;
  subscribe(channel: string, listener: InvalidationListener): void;
  close(): Promise<void>;
}

interface InvalidationListener {
  onKey(key: string): void;
  /** the subscription (re)started or stopped: entries of the time in between cannot be trusted */
  onLive(isLive: boolean): void;
}

const CHANNEL_PREFIX = 'arc:invalidate:';

export function createSharedCache<V extends NonNullable<unknown>>(options: {
  name: string;
  ttlMs: number;
  bus: InvalidationBus | undefined;
  maxEntries?: number;
}): SharedCache<V> {
  const local =
    options.ttlMs > 0 ? new LRUCache<string, V>({ max: options.maxEntries ?? 10_000, ttl: options.ttlMs }) : undefined;
  const channel = `${CHANNEL_PREFIX}${options.name}`;
  // alone (no bus) this replica sees every change itself
  let isLive = options.bus === undefined;
  const listeners = new Set<InvalidateListener>();
  const tell = (key: string | null) => {
    for (const listener of [...listeners]) listener(key);
  };
  let hasBeenLive = false;
  options.bus?.subscribe(channel, {
    onKey: (key) => {
      local?.delete(key);
      tell(key);
    },
    onLive: (live) => {
      local?.clear();
      isLive = live;
      // back after a break: whatever was invalidated meanwhile went unheard
      if (live && hasBeenLive) tell(null);
      if (live) hasBeenLive = true;
    },
  });
  return {
    get: (key) => (isLive ? local?.get(key) : undefined),
    set: (key, value) => {
      if (isLive) local?.set(key, value);
    },
    async invalidate(key) {
      local?.delete(key);
      // here at once (Redis brings it back to this replica too: a listener hears a key twice, and rechecks)
      tell(key);
      await options.bus?.publish(channel, key);
    },
    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The invalidation bus on Redis: `publisher` is the app's ordinary connection; the subscriber is a duplicate of
 * it (a subscribed connection can do nothing else). A failed publish is logged, not thrown: the change itself is
 * committed, and a replica that cannot reach Redis does not serve from its cache anyway.
 */
export function createRedisInvalidationBus(publisher: Redis, log: FastifyBaseLogger): InvalidationBus {
  const subscriber = publisher.duplicate();
  const listeners = new Map<string, InvalidationListener>();
  let isSubscribed = false;
  const setLive = (live: boolean) => {
    if (live === isSubscribed) return;
    isSubscribed = live;
    for (const listener of listeners.values()) listener.onLive(live);
  };
  subscriber.on('message', (channel: string, key: string) => listeners.get(channel)?.onKey(key));
  // Live once the first SUBSCRIBE is confirmed; after a reconnect ioredis subscribes again by itself before it
  // says 'ready' again. In between ('close') no entry is trusted.
  let hasBeenReady = false;
  subscriber.on('ready', () => {
    if (hasBeenReady) setLive(true);
    hasBeenReady = true;
  });
  subscriber.on('close', () => setLive(false));
  subscriber.on('error', (err: Error) => log.warn({ err }, 'cache invalidation subscriber: redis error'));
  return {
    async publish(channel, key) {
      try {
        await publisher.publish(channel, key);
      } catch (err) {
        log.warn({ err, channel }, 'cache invalidation not published');
      }
    },
    subscribe(channel, listener) {
      listeners.set(channel, listener);
      subscriber.subscribe(channel).then(
        () => {
          isSubscribed = true;
          listener.onLive(true);
        },
        (err: unknown) => log.warn({ err, channel }, 'cache invalidation: subscribe failed'),
      );
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
