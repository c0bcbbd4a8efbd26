import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptByUser } from './kept-by-user.ts';

describe('a listing by user kept for a TTL', () => {
  afterEach(() => vi.useRealTimers());

  it('lists once for concurrent readers, reuses the listing within the TTL, lists again after it', async () => {
    vi.useFakeTimers({ now: 0 });
    let calls = 0;
    const kept = new KeptByUser(async () => new Map([['u1', [`s${++calls}`]]]), 1000);
    const [a, b] = await Promise.all([kept.get(() => {}), kept.get(() => {})]);
    expect(calls).toBe(1);
    expect(a.get('u1')).toEqual(['s1']);
    expect(b).toBe(a);
    vi.setSystemTime(999);
    expect((await kept.get(() => {})).get('u1')).toEqual(['s1']);
    vi.setSystemTime(1000);
    expect((await kept.get(() => {})).get('u1')).toEqual(['s2']);
  });

  it('serves a listing younger than staleMs while the next one loads, and awaits an older one', async () => {
    vi.useFakeTimers({ now: 0 });
    let calls = 0;
    let release: (() => void) | null = null;
    const kept = new KeptByUser(
      async () => {
        const n = ++calls;
        if (n > 1) await new Promise<void>((r) => (release = r));
        return new Map([['u1', [`s${n}`]]]);
      },
      1000,
      10_000,
    );
    await kept.get(() => {});
    vi.setSystemTime(1500);
    // Stale but young: answered at once from the last listing, the next one started.
    expect((await kept.get(() => {})).get('u1')).toEqual(['s1']);
    expect(calls).toBe(2);
    expect((await kept.get(() => {})).get('u1')).toEqual(['s1']);
    expect(calls).toBe(2);
    release!();
    await vi.advanceTimersByTimeAsync(0);
    expect((await kept.get(() => {})).get('u1')).toEqual(['s2']);
    // Past staleMs the reader waits for the new listing.
    vi.setSystemTime(1500 + 10_000);
    const waiting = kept.get(() => {});
    let answered = false;
    void waiting.then(() => (answered = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBe(false);
    release!();
    expect((await waiting).get('u1')).toEqual(['s3']);
  });

  it('keeps the last listing when a new one fails, and reports the failure', async () => {
    vi.useFakeTimers({ now: 0 });
    let fail = false;
    const kept = new KeptByUser(async () => {
      if (fail) throw new Error('throttled');
      return new Map([['u1', ['a', 'b']]]);
    }, 10);
    await kept.get(() => {});
    fail = true;
    vi.setSystemTime(50);
    const errors: unknown[] = [];
    expect((await kept.get((e) => errors.push(e))).get('u1')).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
  });

  it('drops an entry found gone at once, leaving the others', async () => {
    const kept = new KeptByUser(async () => new Map([['u1', ['a', 'b']]]), 60_000);
    await kept.get(() => {});
    kept.drop('u1', (e) => e === 'a');
    kept.drop('nobody', () => true);
    expect((await kept.get(() => {})).get('u1')).toEqual(['b']);
  });
});
