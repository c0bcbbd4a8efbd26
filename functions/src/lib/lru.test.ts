import { describe, expect, it } from 'vitest';
import { memoize } from './memo.ts';
import { TtlLru } from './lru.ts';

describe('TtlLru', () => {
  it('reuses values within the TTL and reloads after it', async () => {
    let t = 0;
    let loads = 0;
    const cache = new TtlLru<number>(10, 1000, () => t);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    t = 999;
    expect(await cache.get('a', load)).toBe(1);
    t = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });
  it('evicts the least recently used entry beyond its size', async () => {
    const cache = new TtlLru<string>(2, 60_000);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2'); // touch a: b is now the oldest
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('b', async () => 'b-reloaded')).toBe('b-reloaded');
    expect(await cache.get('c', async () => 'c2')).toBe('c');
  });
  it('forgets failed loads so the next call retries', async () => {
    const cache = new TtlLru<number>(5, 60_000);
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 7)).toBe(7);
  });
});

describe('memoize', () => {
  it('shares one in-flight load and expires after the TTL', async () => {
    let t = 0;
    let loads = 0;
    const get = memoize(
      100,
      async () => ++loads,
      () => t,
    );
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    t = 100;
    expect(await get()).toBe(2);
  });
});
