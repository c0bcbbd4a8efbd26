import { describe, expect, it } from 'vitest';
import { documentClient, resetDocumentClient } from '../data/client.ts';
import { clearContainerCaches, onCachesCleared } from './container-caches.ts';
import { TtlLru } from './lru.ts';
import { memoize } from './memo.ts';

describe('container caches', () => {
  it('empties every TtlLru and memoize, and runs the registered clears', async () => {
    const lru = new TtlLru<string>(8, Number.POSITIVE_INFINITY);
    let loads = 0;
    const memo = memoize(Number.POSITIVE_INFINITY, async () => ++loads);
    const moduleCache = new Map([['AAPL', 1]]);
    onCachesCleared(() => moduleCache.clear());

    await lru.get('AAPL', async () => 'old database');
    expect(await memo()).toBe(1);
    expect(await memo()).toBe(1);
    clearContainerCaches();

    expect(lru.size).toBe(0);
    expect(await lru.get('AAPL', async () => 'new database')).toBe('new database');
    expect(await memo()).toBe(2);
    expect(moduleCache.size).toBe(0);
  });

  it('go with the document client when the process is pointed at another database', async () => {
    const lru = new TtlLru<string>(8, Number.POSITIVE_INFINITY);
    await lru.get('SPY', async () => 'old database');
    const before = documentClient();
    resetDocumentClient();
    expect(lru.size).toBe(0);
    expect(documentClient()).not.toBe(before);
  });
});
