import { describe, expect, it } from 'vitest';
import { evaluateFactor, FACTORS, toWeekly, type DailyBar } from '../domain/factor-analysis/index.ts';
import { evaluateLatest } from './signals.ts';
import type { SignalInputs } from './signals-compute.ts';

/** Business days from 2020-01-02 with a wavy, trending close, so every factor turns on and off. */
function series(n: number, seed: number): DailyBar[] {
  const out: DailyBar[] = [];
  let c = 100;
  let t = Date.parse('2020-01-02');
  for (let i = 0; i < n; i++) {
    const dow = new Date(t).getUTCDay();
    if (dow === 6) t += 2 * 86_400_000;
    if (dow === 0) t += 86_400_000;
    c *= 1 + 0.012 * Math.sin(i / (5 + seed)) + 0.006 * Math.sin(i / 37) + 0.0004;
    out.push({ date: new Date(t).toISOString().slice(0, 10), close: c });
    t += 86_400_000;
  }
  return out;
}

describe('evaluateLatest', { timeout: 60_000 }, () => {
  it('agrees with evaluateFactor on whether a signal fired on the last bar, and then returns its evaluation', () => {
    let fired = 0;
    for (const seed of [0, 3]) {
      const all = series(700, seed);
      const bench = series(700, 7);
      const dp = all.map((b, i) => ({ date: b.date, value: Math.sin(i / 9 + seed) * 1e6 + (i % 13) * 1e5 }));
      for (let end = 500; end <= all.length; end += 4) {
        const bars = all.slice(0, end);
        const inputs: SignalInputs = {
          daily: { bars, benchmark: bench, darkPoolPosition: dp },
          weekly: { bars: toWeekly(bars), benchmark: bench, darkPoolPosition: dp },
        };
        const last = bars.at(-1)!.date;
        for (const { id } of FACTORS) {
          for (const tf of ['daily', 'weekly'] as const) {
            const want = evaluateFactor(id, tf, { bars, benchmark: bench, darkPoolPosition: dp });
            const got = evaluateLatest(id, tf, inputs);
            const wantFired = want.lastSignalDate === last && want.lastBarDate === last;
            expect(got.lastSignalDate === last && got.lastBarDate === last, `${id}/${tf} at ${last}`).toBe(wantFired);
            if (wantFired) {
              fired++;
              expect(got).toEqual(want);
            }
          }
        }
      }
    }
    expect(fired).toBeGreaterThan(20);
  });
});
