import fc from 'fast-check';
import { mulberry32 } from '../../../analytics/random.ts';
import type { DailyBar, FactorInputs } from '../index.ts';

/** Weekdays from 2015-01-05 (a Monday). */
export function weekdays(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2015, 0, 5); out.length < n; t += 86_400_000) {
    const dow = new Date(t).getUTCDay();
    if (dow !== 0 && dow !== 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * A random ticker: a log random walk with a slow regime cycle (so trend and momentum factors turn
 * on and off), an overnight gap into each open, a benchmark and a dark pool position series.
 */
export function randomTicker(seed: number, n: number, withOpens: boolean): FactorInputs {
  const rnd = mulberry32(seed);
  const dates = weekdays(n);
  const noise = () => (rnd() + rnd() + rnd() - 1.5) * 0.02;
  const period = 60 + Math.floor(rnd() * 200);
  let c = 50 + rnd() * 100;
  let spy = 100;
  const bars: DailyBar[] = [];
  const benchmark: DailyBar[] = [];
  const darkPoolPosition: { date: string; value: number }[] = [];
  dates.forEach((date, i) => {
    const open = c * (1 + noise() / 2);
    c = open * Math.exp(0.004 * Math.sin((2 * Math.PI * i) / period) + noise());
    spy *= Math.exp(0.0003 + noise() / 2);
    bars.push(withOpens ? { date, close: c, open } : { date, close: c });
    benchmark.push({ date, close: spy });
    // FINRA days are missing now and then; the position wanders.
    if (rnd() > 0.1) darkPoolPosition.push({ date, value: Math.sin(i / 17) * 1e6 + noise() * 5e7 });
  });
  return { bars, benchmark, darkPoolPosition };
}

/** Everything dated on or before the cut: the data a user had on that date. */
export function cutAt(inputs: FactorInputs, cut: string): FactorInputs {
  const upTo = <T extends { date: string }>(xs: readonly T[] | undefined) => (xs ?? []).filter((x) => x.date <= cut);
  return {
    bars: upTo(inputs.bars),
    benchmark: upTo(inputs.benchmark),
    darkPoolPosition: upTo(inputs.darkPoolPosition),
  };
}

export const tickerArb = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  n: fc.integer({ min: 420, max: 900 }),
  withOpens: fc.boolean(),
  cut: fc.double({ min: 0.25, max: 0.97, noNaN: true }),
});
