import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

describe('createTtlCache', () => {
  it('keeps a value until it expires', () => {
    let now = 0;
    const cache = createTtlCache<string>({ ttlMs: 100, now: () => now });
    cache.set('a', 'x');
    now = 99;
    expect(cache.get('a')).toBe('x');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a value given its own end until then (a token until its exp)', () => {
    let now = 0;
    const cache = createTtlCache<string>({ ttlMs: 1000, now: () => now });
    cache.set('token', 'agent', 50);
    now = 49;
    expect(cache.get('token')).toBe('agent');
    now = 50;
    expect(cache.get('token')).toBeUndefined();
  });

  it('drops the oldest entry beyond its size', () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('holds nothing when the time to live is 0', () => {
    const cache = createTtlCache<number>({ ttlMs: 0 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});
