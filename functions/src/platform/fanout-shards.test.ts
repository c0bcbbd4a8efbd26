import { describe, expect, it } from 'vitest';
import { partition, postShard, shardCount, shardOf, type PostOutcome } from './fanout-shards.ts';

const ids = Array.from({ length: 1000 }, (_, i) => `conn-${i}`);

describe('sharded fan-out', () => {
  it('partitions every connection into exactly one stable shard of similar size', () => {
    const parts = partition(ids, 8);
    expect(parts.flat().sort()).toEqual([...ids].sort());
    for (const p of parts) expect(p.length).toBeGreaterThan(80);
    for (const [s, p] of parts.entries()) for (const id of p) expect(shardOf(id, 8)).toBe(s);
    expect(shardCount(100_000, 5_000, 64)).toBe(20);
    expect(shardCount(10, 5_000, 64)).toBe(1);
    expect(shardCount(1e9, 5_000, 64)).toBe(64);
  });

  it('keeps at most `concurrency` calls in flight, retries throttles with backoff, reports gone and failed', async () => {
    let inFlight = 0;
    let peak = 0;
    const tries = new Map<string, number>();
    const sleeps: number[] = [];
    const post = async (id: string): Promise<PostOutcome> => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await Promise.resolve();
      inFlight--;
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      if (id.endsWith('7')) return 'gone';
      // conn-5 is throttled on every try; ids ending in 3 are throttled twice, then accepted; conn-9 throws once.
      if (id === 'conn-5' || (id.endsWith('3') && n <= 2)) return 'throttled';
      if (id === 'conn-9' && n === 1) throw new Error('503');
      return 'sent';
    };
    const r = await postShard(ids.slice(0, 100), post, {
      concurrency: 10,
      maxRetries: 3,
      baseBackoffMs: 10,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.5,
    });
    expect(peak).toBe(10);
    expect(r.gone).toHaveLength(10);
    expect(r.failed).toEqual(['conn-5']);
    expect(r.sent).toBe(89);
    expect(tries.get('conn-5')).toBe(4);
    expect(tries.get('conn-13')).toBe(3);
    expect(tries.get('conn-9')).toBe(2);
    // 10, 20, 40 ms for conn-5's three retries (random 0.5 -> factor 1).
    expect(sleeps.filter((s) => s === 40)).toHaveLength(1);
    expect(Math.max(...sleeps)).toBe(40);
  });
});
