import { describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { AllowanceLeases, BACKGROUND_LEASES, grantedOf, LEASE_CHUNK, minuteOf, type CapWindow } from './in-app-cap.ts';

const { inAppPerMinute: perMinute, inAppPerDay: perDay } = ALERT_LIMITS;
const M1 = { minute: '2024-03-08T14:59', day: '2024-03-08' };
const M2 = { minute: '2024-03-08T15:00', day: '2024-03-08' };

/** Counters as DynamoDB's atomic ADD keeps them (each addition answers the value after it), with the writes made. */
function counters(start: Record<string, number> = {}) {
  const value = new Map<string, number>(Object.entries(start));
  const writes: Array<{ window: CapWindow; added: number }> = [];
  return {
    of: (window: CapWindow, at: string, user = 'u') => value.get(`${user}#${window}#${at}`) ?? 0,
    writes,
    count: async (user: string, window: CapWindow, at: string, added: number) => {
      writes.push({ window, added });
      // A round trip: concurrent callers interleave here as they would against the table.
      await Promise.resolve();
      const key = `${user}#${window}#${at}`;
      const next = (value.get(key) ?? 0) + added;
      value.set(key, next);
      return next;
    },
  };
}

const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);

describe('in-app alert allowance', () => {
  it('grants what fits under the cap from the range the addition took', () => {
    expect(grantedOf(10, 10, 30)).toBe(10);
    expect(grantedOf(10, 35, 30)).toBe(5);
    expect(grantedOf(10, 45, 30)).toBe(0);
  });

  it('batches in any order together get exactly the cap, and every match is granted or folded', async () => {
    const c = counters();
    const leases = new AllowanceLeases(c.count);
    const batches = [7, 31, 1, 12, 40, 3];
    const outcomes = await Promise.all(batches.map((b) => leases.take('u', b, M1)));
    expect(sum(outcomes.map((o) => o.granted))).toBe(perMinute);
    expect(sum(outcomes.map((o) => o.granted + o.folded))).toBe(sum(batches));
    expect(outcomes.every((o) => o.window === 'minute')).toBe(true);
    // The day counts what the minute granted, not the matches it refused.
    expect(c.of('day', M1.day)).toBe(perMinute);
  });

  it('a user alerted one match at a time costs a write pair per lease, not per batch', async () => {
    const c = counters();
    const leases = new AllowanceLeases(c.count);
    const outcomes = [];
    for (let i = 0; i < perMinute; i++) outcomes.push(await leases.take('u', 1, M1));
    expect(outcomes.every((o) => o.granted === 1)).toBe(true);
    expect(c.writes).toHaveLength(2 * (perMinute / LEASE_CHUNK));
    // The 31st is refused by the counter and folds; the 32nd is folded without asking again.
    expect(await leases.take('u', 1, M1)).toEqual({ granted: 0, folded: 1, window: 'minute' });
    const asked = c.writes.length;
    expect(await leases.take('u', 1, M1)).toEqual({ granted: 0, folded: 1, window: 'minute' });
    expect(c.writes).toHaveLength(asked);
  });

  it('three containers at once never show more than the cap, and each leaves at most a lease unspent', async () => {
    const c = counters();
    const containers = [0, 1, 2].map(() => new AllowanceLeases(c.count));
    const outcomes = await Promise.all(
      Array.from({ length: 45 }, (_, i) => containers[i % 3]!.take('u', 1 + (i % 2), M1)),
    );
    const shown = sum(outcomes.map((o) => o.granted));
    expect(shown).toBeLessThanOrEqual(perMinute);
    expect(shown).toBeGreaterThanOrEqual(perMinute - 3 * (LEASE_CHUNK - 1));
    expect(sum(outcomes.map((o) => o.granted + o.folded))).toBe(sum(outcomes.map((_, i) => 1 + (i % 2))));
  });

  it("a burst past the minute's allowance in three containers leaves the day open for the next minute", async () => {
    const c = counters();
    const containers = [0, 1, 2].map(() => new AllowanceLeases(c.count));
    const burst = await Promise.all(containers.map((l) => l.take('u', 620, M1)));
    expect(sum(burst.map((o) => o.granted))).toBe(perMinute);
    expect(burst.every((o) => o.window === 'minute')).toBe(true);
    expect(c.of('day', M1.day)).toBe(perMinute);
    // No container took the burst for the day's end: the next minute grants again, in each of them.
    const next = await Promise.all(containers.map((l) => l.take('u', 4, M2)));
    expect(next.map((o) => o.granted)).toEqual([4, 4, 4]);
  });

  it('an unspent lease gives its day charge back when its minute is over, so the day counts what was shown', async () => {
    const c = counters();
    const leases = new AllowanceLeases(c.count);
    await leases.take('u', 3, M1);
    await leases.take('v', 4, M1);
    expect([c.of('day', M1.day, 'u'), c.of('day', M1.day, 'v')]).toEqual([LEASE_CHUNK, LEASE_CHUNK]);
    // Next minute: u's own batch gives its unspent 7 back beside its new request (3 + 2 shown, 8 held)...
    await leases.take('u', 2, M2);
    expect(c.of('day', M1.day, 'u')).toBe(3 + 2 + (LEASE_CHUNK - 2));
    // ...and the once-a-minute sweep gives back v's, who had no batch since: the day counts v's 4.
    expect(await leases.release(M2.minute)).toBe(1);
    expect(c.of('day', M1.day, 'v')).toBe(4);
    expect(await leases.release(M2.minute)).toBe(0);
  });

  it('a lease swept while its request is in flight gives back what its batch did not spend', async () => {
    const c = counters();
    const held: Array<() => void> = [];
    const leases = new AllowanceLeases(
      (user, window, at, added) =>
        new Promise<number>((resolve) => held.push(() => resolve(c.count(user, window, at, added)))),
    );
    const taking = leases.take('u', 2, M1);
    await Promise.resolve();
    // The minute turns (the sweep of another batch) while the minute counter's answer is on its way.
    const sweeping = leases.release(M2.minute);
    held.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    held.shift()!();
    expect(await taking).toEqual({ granted: 2, folded: 0, window: 'minute' });
    await sweeping;
    while (held.length > 0) {
      held.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    // The day counts the two shown, not the lease's unspent eight.
    expect(c.of('day', M1.day)).toBe(2);
  });

  it("folds into the day's summary once the day refuses, and asks the day nothing when the minute refused all", async () => {
    const c = counters({ [`u#day#${M1.day}`]: perDay - 4 });
    const leases = new AllowanceLeases(c.count);
    expect(await leases.take('u', 10, M1)).toEqual({ granted: 4, folded: 6, window: 'day' });
    // The day refuses for the rest of the day, in later minutes too, without asking the counters.
    const asked = c.writes.length;
    expect(await leases.take('u', 1, M2)).toEqual({ granted: 0, folded: 1, window: 'day' });
    expect(c.writes).toHaveLength(asked);

    const full = counters({ [`u#minute#${M1.minute}`]: perMinute });
    expect(await new AllowanceLeases(full.count).take('u', 3, M1)).toEqual({ granted: 0, folded: 3, window: 'minute' });
    expect(full.of('day', M1.day)).toBe(0);
  });

  it('a failing counter fails the batch that asked, and the next batch asks again', async () => {
    let fail = true;
    const c = counters();
    const leases = new AllowanceLeases(async (u, w, at, n) => {
      if (fail) throw new Error('throttled');
      return c.count(u, w, at, n);
    });
    await expect(leases.take('u', 1, M1)).rejects.toThrow('throttled');
    fail = false;
    expect(await leases.take('u', 1, M1)).toEqual({ granted: 1, folded: 0, window: 'minute' });
  });

  it('leases users nobody watches a few at a time, and a watched user asks at once, ahead of them', async () => {
    const c = counters();
    // Every round trip held open until released, so what is in flight can be counted.
    const held: Array<{ user: string; window: CapWindow; go: () => void }> = [];
    const count = (user: string, window: CapWindow, at: string, added: number) =>
      new Promise<number>((resolve) =>
        held.push({ user, window, go: () => resolve(c.count(user, window, at, added)) }),
      );
    const leases = new AllowanceLeases(count);
    const unwatched = Array.from({ length: 20 }, (_, i) => leases.take(`bg${i}`, 1, M1, false));
    await Promise.resolve();
    expect(held).toHaveLength(BACKGROUND_LEASES);
    const watched = leases.take('watching', 1, M1, true);
    await Promise.resolve();
    expect(held.map((h) => h.user)).toContain('watching');
    // The watched user's minute, then day, answer while all the background ones still wait.
    const answer = (i: number) => held.splice(i, 1)[0]!.go();
    answer(held.findIndex((h) => h.user === 'watching'));
    await new Promise((r) => setTimeout(r, 0));
    answer(held.findIndex((h) => h.user === 'watching' && h.window === 'day'));
    expect(await watched).toEqual({ granted: 1, folded: 0, window: 'minute' });
    // The background lane drains, never more than its width in flight, and every user is granted.
    const inFlight: number[] = [];
    while (held.length > 0) {
      inFlight.push(held.length);
      answer(0);
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(Math.max(...inFlight)).toBeLessThanOrEqual(BACKGROUND_LEASES);
    const outcomes = await Promise.all(unwatched);
    expect(outcomes.every((o) => o.granted === 1 && o.folded === 0)).toBe(true);
    expect(c.of('minute', M1.minute, 'bg19')).toBe(LEASE_CHUNK);
  });

  it('names the wall-clock minute', () => {
    expect(minuteOf(new Date('2024-03-08T14:59:59.999Z'))).toBe('2024-03-08T14:59');
  });
});
