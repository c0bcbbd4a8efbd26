import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildFactorAnalysisData,
  chooseHorizon,
  evaluateFactor,
  FACTOR_IDS,
  HORIZONS,
  priceAt,
  toWeekly,
  walkForwardPeriods,
} from './index.ts';
import type { Timeframe } from './index.ts';
import { cutAt, randomTicker, tickerArb, weekdays } from './testing/random-ticker.ts';

describe('walkForwardPeriods', () => {
  it('chooses from the outcomes exited before each signal only, with the minimum count', () => {
    // Signals on bars 0, 2, 4, 6, 8; entry 1 bar later; horizons 1 and 3. Horizon 1 exits at s + 2,
    // horizon 3 at s + 4. At bar 6 horizon 1 knows the signals of bars 0 and 2 (exits 2 and 4 < 6),
    // horizon 3 only bar 0's (exit 4); with a minimum of 2 only horizon 1 can be chosen.
    const forward = [
      [-1, 5],
      [-2, 6],
      [3, 7],
      [4, 8],
      [5, 9],
    ];
    const periods = walkForwardPeriods({
      signalIdx: [0, 2, 4, 6, 8],
      entryOffset: 1,
      horizons: [1, 3],
      forward,
      minPast: 2,
    });
    // Bar 8: horizon 1 knows -1, -2, 3 (33%), horizon 3 knows 5, 6 (100%): 3 wins.
    expect(periods).toEqual([null, null, null, 1, 3]);
    // Entering 3 bars later, exits move 2 bars later: at bar 6 horizon 1 knows only bar 0's (exit 4),
    // at bar 8 horizon 3 knows only bar 0's (exit 6), so bar 6 has no period and bar 8 takes horizon 1.
    expect(
      walkForwardPeriods({ signalIdx: [0, 2, 4, 6, 8], entryOffset: 3, horizons: [1, 3], forward, minPast: 2 }),
    ).toEqual([null, null, null, null, 1]);
  });

  it('a null outcome (no price) is not counted; ties go to the higher mean, then the shorter horizon', () => {
    expect(
      chooseHorizon(
        [
          { horizon: 1, count: 5, mean: 1, profitable_pct: 60 },
          { horizon: 5, count: 5, mean: 2, profitable_pct: 60 },
        ],
        5,
      )?.horizon,
    ).toBe(5);
    expect(
      chooseHorizon(
        [
          { horizon: 1, count: 5, mean: 2, profitable_pct: 60 },
          { horizon: 5, count: 5, mean: 2, profitable_pct: 60 },
        ],
        5,
      )?.horizon,
    ).toBe(1);
    // Bar 5 knows only bar 0's trade, which has no price: no period; bar 10 knows bar 5's.
    expect(
      walkForwardPeriods({
        signalIdx: [0, 5, 10],
        entryOffset: 1,
        horizons: [1],
        forward: [[null], [1], [2]],
        minPast: 1,
      }),
    ).toEqual([null, null, 1]);
    expect(
      walkForwardPeriods({
        signalIdx: [0, 5, 10],
        entryOffset: 1,
        horizons: [1],
        forward: [[null], [null], [2]],
        minPast: 1,
      }),
    ).toEqual([null, null, null]);
  });
});

describe('no look-ahead (prefix invariance)', () => {
  it('for random tickers and cut dates, every signal up to the cut has the same period, outcome and curve with or without the later data', () => {
    let compared = 0;
    fc.assert(
      fc.property(tickerArb, ({ seed, n, withOpens, cut }) => {
        const full = randomTicker(seed, n, withOpens);
        for (const timeframe of ['daily', 'weekly'] as Timeframe[]) {
          // A weekly bar is final only on its week's last trading day: cut there, as on any completed bar.
          const barDates = (timeframe === 'weekly' ? toWeekly(full.bars) : full.bars).map((b) => b.date);
          const cutIdx = Math.floor(cut * (barDates.length - 1));
          const cutDate = barDates[cutIdx]!;
          const part = cutAt(full, cutDate);
          for (const factor of FACTOR_IDS) {
            const a = evaluateFactor(factor, timeframe, full);
            const b = evaluateFactor(factor, timeframe, part);
            const before = a.signals.filter((s) => s.date <= cutDate);
            expect(b.signals.map((s) => [s.date, s.close, s.period])).toEqual(
              before.map((s) => [s.date, s.close, s.period]),
            );
            b.signals.forEach((s, k) => {
              const i = barDates.indexOf(s.date);
              for (const h of HORIZONS[timeframe]) {
                // Known on the cut date exactly when its exit bar is on or before the cut, and then the same.
                expect(s.forward[h]).toBe(i + 1 + h <= cutIdx ? before[k]!.forward[h] : null);
              }
              if (s.outcome !== null) expect(s.outcome).toBe(before[k]!.outcome);
            });
            // The walk-forward curve up to the cut is the same: the same trades, held the same way.
            const da = buildFactorAnalysisData('X', factor, timeframe, full.bars, a);
            const db = buildFactorAnalysisData('X', factor, timeframe, part.bars, b);
            if ('ticker' in db && 'ticker' in da) {
              expect(db.cumulative_returns_data.signals).toEqual(
                da.cumulative_returns_data.signals.slice(0, db.cumulative_returns_data.signals.length),
              );
            }
            compared += b.signals.length;
          }
        }
      }),
      // A fixed seed: with 12 random tickers the count of signals compared below varied from run to
      // run (424 in one CI run), so the guard failed by chance rather than on a vacuous property.
      { numRuns: 12, seed: 20261126 },
    );
    // The random tickers must actually produce signals with walk-forward periods, or the property says nothing.
    expect(compared).toBeGreaterThan(500);
  });

  it('moving the entry bar moves every return to the prices that many bars later and delays what is known', () => {
    fc.assert(
      fc.property(tickerArb, fc.integer({ min: 0, max: 4 }), ({ seed, n, withOpens }, offset) => {
        const inputs = randomTicker(seed, n, withOpens);
        for (const timeframe of ['daily', 'weekly'] as Timeframe[]) {
          const bars = timeframe === 'weekly' ? toWeekly(inputs.bars) : inputs.bars;
          const horizons = HORIZONS[timeframe];
          for (const factor of ['uptrend', 'momentum', 'new_high', 'roc_curve'] as const) {
            const ev = evaluateFactor(factor, timeframe, inputs, { entryOffset: offset });
            expect(ev.entry).toBe(withOpens ? 'next_open' : 'next_close');
            const idx = ev.signals.map((s) => bars.findIndex((b) => b.date === s.date));
            ev.signals.forEach((s, k) => {
              const a = idx[k]! + offset;
              for (const h of horizons) {
                const p0 = priceAt(bars, ev.entry, a);
                const p1 = priceAt(bars, ev.entry, a + h);
                expect(s.forward[h]).toBe(p0 === undefined || p1 === undefined ? null : (p1 / p0 - 1) * 100);
              }
            });
            // Brute force: at each signal, the outcomes whose exit (signal + offset + h) lies before it.
            ev.signals.forEach((s, k) => {
              const scores = horizons.map((h) => {
                const known = ev.signals
                  .filter((_, j) => idx[j]! + offset + h < idx[k]!)
                  .flatMap((p) => (p.forward[h] === null ? [] : [p.forward[h]!]));
                const mean = known.reduce((x, y) => x + y, 0) / (known.length || 1);
                return {
                  horizon: h,
                  count: known.length,
                  mean,
                  profitable_pct: known.length ? (known.filter((r) => r > 0).length / known.length) * 100 : 0,
                };
              });
              expect(s.period).toBe(chooseHorizon(scores, 10)?.horizon ?? null);
            });
          }
        }
      }),
      { numRuns: 10 },
    );
  });

  it('a gap into the next open is not earned by a next-open entry, but was by the old same-close entry', () => {
    // 50 flat bars, the signal bar closes at 60 (uptrend fires), the next bar gaps to open 66 and closes 66, then 69.3.
    const dates = weekdays(54);
    const closes = [...Array<number>(50).fill(10), 60, 66, 69.3, 69.3];
    const bars = dates.map((date, i) => ({
      date,
      close: closes[i]!,
      open: i === 51 ? 66 : closes[Math.max(0, i - 1)]!,
    }));
    const next = evaluateFactor('uptrend', 'daily', { bars, benchmark: [] });
    const same = evaluateFactor(
      'uptrend',
      'daily',
      { bars: bars.map(({ date, close }) => ({ date, close })), benchmark: [] },
      { entryOffset: 0 },
    );
    expect(next.signals.map((s) => s.date)).toEqual([dates[50]]);
    // Next open: enters at 66 (bar 51's open), exits at bar 52's open (66): 0%. Same close: 60 -> 66: +10%.
    expect(next.signals[0]!.forward[1]).toBeCloseTo(0, 10);
    expect(same.signals[0]!.forward[1]).toBeCloseTo(10, 10);
  });
});
