import { describe, expect, it } from 'vitest';
import { createSharedCache, type InvalidationBus } from './shared-cache.ts';

/** Two replicas' buses on one in-memory "Redis": publish reaches every subscriber of the channel. */
function memoryRedis() {
  const subscribers: Array<{ channel: string; onKey: (key: string) => void; onLive: (live: boolean) => void }> = [];
  const bus = (): InvalidationBus => ({
    async publish(channel, key) {
      for (const s of subscribers) if (s.channel === channel) s.onKey(key);
    },
    subscribe(channel, listener) {
      subscribers.push({ channel, ...listener });
      listener.onLive(true);
    },
    async close() {},
  });
  return { bus, setLive: (live: boolean) => subscribers.forEach((s) => s.onLive(live)) };
}

describe('createSharedCache', () => {
  it('drops an entry on every replica when one of them invalidates it', async () => {
    const redis = memoryRedis();
    const a = createSharedCache<string>({ name: 'user-info', ttlMs: 5000, bus: redis.bus() });
    const b = createSharedCache<string>({ name: 'user-info', ttlMs: 5000, bus: redis.bus() });
    const other = createSharedCache<string>({ name: 'other', ttlMs: 5000, bus: redis.bus() });
    a.set('agt_1', 'old');
    b.set('agt_1', 'old');
    b.set('agt_2', 'kept');
    other.set('agt_1', 'another cache');
    await a.invalidate('agt_1');
    expect([a.get('agt_1'), b.get('agt_1'), b.get('agt_2'), other.get('agt_1')]).toEqual([
      undefined,
      undefined,
      'kept',
      'another cache',
    ]);
  });

  it('serves nothing while the subscription is down and starts empty when it is back', () => {
    const redis = memoryRedis();
    const cache = createSharedCache<string>({ name: 'user-info', ttlMs: 5000, bus: redis.bus() });
    cache.set('agt_1', 'before');
    redis.setLive(false);
    expect(cache.get('agt_1')).toBeUndefined();
    cache.set('agt_1', 'while down');
    redis.setLive(true);
    expect(cache.get('agt_1')).toBeUndefined();
    cache.set('agt_1', 'after');
    expect(cache.get('agt_1')).toBe('after');
  });

  it('works alone without a bus, and not at all with a TTL of 0', async () => {
    const alone = createSharedCache<string>({ name: 'user-info', ttlMs: 5000, bus: undefined });
    alone.set('agt_1', 'x');
    expect(alone.get('agt_1')).toBe('x');
    await alone.invalidate('agt_1');
    expect(alone.get('agt_1')).toBeUndefined();
    const off = createSharedCache<string>({ name: 'user-info', ttlMs: 0, bus: undefined });
    off.set('agt_1', 'x');
    expect(off.get('agt_1')).toBeUndefined();
  });

  it('tells its listeners of every invalidation, here and from another replica, and of a break in between', async () => {
    const redis = memoryRedis();
    const a = createSharedCache<string>({ name: 'grants', ttlMs: 5000, bus: redis.bus() });
    const b = createSharedCache<string>({ name: 'grants', ttlMs: 5000, bus: redis.bus() });
    const heardA: (string | null)[] = [];
    const heardB: (string | null)[] = [];
    a.onInvalidate((key) => heardA.push(key));
    const stopB = b.onInvalidate((key) => heardB.push(key));
    await a.invalidate('grant-1');
    // a hears its own at once and again through Redis; b through Redis
    expect(heardA).toEqual(['grant-1', 'grant-1']);
    expect(heardB).toEqual(['grant-1']);
    redis.setLive(false);
    redis.setLive(true);
    expect(heardB).toEqual(['grant-1', null]);
    stopB();
    await a.invalidate('grant-2');
    expect(heardB).toEqual(['grant-1', null]);
    const alone = createSharedCache<string>({ name: 'grants', ttlMs: 0, bus: undefined });
    const heard: (string | null)[] = [];
    alone.onInvalidate((key) => heard.push(key));
    await alone.invalidate('grant-3');
    expect(heard).toEqual(['grant-3']);
  });
});
