import { describe, expect, it } from 'vitest';
import type { FactorStatisticsRow, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import { buildFactorAnalysisData, cumulativeReturns, evaluateFactor, histogram, projectDates } from './index.ts';
import type { DailyBar } from './index.ts';

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const bars = (closes: number[]): DailyBar[] => closes.map((close, i) => ({ date: day(i), close }));

describe('histogram', () => {
  it('bins equal widths with the maximum in the last bin', () => {
    // 5 values -> 5 bins of width (10 - 0) / 5 = 2.
    expect(histogram([0, 1, 2, 9, 10])).toEqual({
      lower: [0, 2, 4, 6, 8],
      upper: [2, 4, 6, 8, 10],
      counts: [2, 1, 0, 0, 2],
    });
    expect(histogram([3, 3])).toEqual({ lower: [3], upper: [3], counts: [2] });
    expect(histogram([])).toEqual({ lower: [], upper: [], counts: [] });
  });
});

describe('cumulativeReturns', () => {
  it('holds from the entry to the exit bar, overlapping holdings extend each other', () => {
    const b = bars([100, 110, 99, 108.9, 119.79, 100]);
    // Enters at bar 1's close, exits at bar 3's: 1->2 (-10%) and 2->3 (+10%) = 0.99 -> -1%.
    const c = cumulativeReturns(b, [{ entry: 1, exit: 3 }], 'next_close');
    expect(c.signals).toEqual([0, 0, -10, -1, -1, -1]);
    expect(c.buy_and_hold).toEqual([0, 10, -1, 8.9, 19.79, 0]);
    // A second holding from bar 2 extends it to bar 4: x 1.1 -> 0.99 x 1.1 = 1.089.
    expect(
      cumulativeReturns(
        b,
        [
          { entry: 1, exit: 3 },
          { entry: 2, exit: 4 },
        ],
        'next_close',
      ).signals,
    ).toEqual([0, 0, -10, -1, 8.9, 8.9]);
    // A holding still open at the last bar runs to it.
    expect(cumulativeReturns(b, [{ entry: 4, exit: 9 }], 'next_close').signals).toEqual([0, 0, 0, 0, 0, -16.52]);
    expect(cumulativeReturns(b, [], 'next_close').signals).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('with opens, a trade earns from the entry bar open to the exit bar open', () => {
    // Bar 1 opens at 105 (the gap from 100 is not earned), closes 110; bar 2 opens 121, closes 99.
    const b = [
      { date: day(0), close: 100, open: 100 },
      { date: day(1), close: 110, open: 105 },
      { date: day(2), close: 99, open: 121 },
      { date: day(3), close: 99, open: 99 },
    ];
    const c = cumulativeReturns(b, [{ entry: 1, exit: 2 }], 'next_open');
    // Marked at closes: bar 1 = 110 / 105; bar 2 = exited at 121 / 105 (its intraday fall is not held).
    expect(c.signals).toEqual([0, 4.76, 15.24, 15.24]);
    expect(c.dates).toEqual([day(0), day(1), day(2), day(3)]);
  });
});

describe('projectDates', () => {
  it('counts weekdays for daily bars and weeks for weekly bars', () => {
    expect(projectDates('2024-03-08', 1, 'daily')).toBe('2024-03-11'); // Friday -> Monday
    expect(projectDates('2024-03-08', 5, 'daily')).toBe('2024-03-15');
    expect(projectDates('2024-03-08', 2, 'weekly')).toBe('2024-03-22');
  });
});

describe('buildFactorAnalysisData', () => {
  // Momentum fires each time the 20-bar ROC rises above +10%: a saw tooth of 21 bars at 10 and 1 bar at 12.
  const closes = Array.from({ length: 260 }, (_, i) => (i % 22 === 21 ? 12 : 10));
  const b = bars(closes);
  const ev = evaluateFactor('momentum', 'daily', { bars: b, benchmark: [] });

  it('returns {} without signals', () => {
    expect(
      buildFactorAnalysisData(
        'X',
        'momentum',
        'daily',
        b.slice(0, 10),
        evaluateFactor('momentum', 'daily', { bars: b.slice(0, 10), benchmark: [] }),
      ),
    ).toEqual({});
  });

  it('fills every section from the evaluation; a flat walk-forward record fails quality', () => {
    const d = buildFactorAnalysisData('X', 'momentum', 'daily', b, ev);
    if (!('ticker' in d)) throw new Error('expected data');
    // Signals on bars 21, 43, ... 241 (11), each at 12. Trades enter at the next close (10) and every
    // exit lands on a 10 (h mod 22 is never 21): all returns are 0.
    expect(ev.signals).toHaveLength(11);
    expect(d.entry).toBe('next_close');
    const stats = JSON.parse(d.factor_statistics_data) as FactorStatisticsRow[];
    expect(stats.map((r) => r.index)).toEqual(['count', 'mean', 'median', 'profitable_pct', 'profit_loss_ratio']);
    // Exit bar = signal + 1 + h <= 259: for 20 bars up to bar 219 (10), 40 up to 197 (9), 120 up to 131 (6).
    expect(stats[0]).toMatchObject({ fwd_ret_1: 11, fwd_ret_5: 11, fwd_ret_20: 10, fwd_ret_40: 9, fwd_ret_120: 6 });
    expect(stats[1]!.fwd_ret_1).toBe(0);
    expect(stats[4]!.fwd_ret_1).toBe('-'); // no gains, no losses
    // Walk-forward: only the 11th signal has 10 earlier outcomes; all tie at 0%, so the shortest horizon.
    const past = JSON.parse(d.past_signals_data) as PastSignalRow[];
    expect(past[0]).toMatchObject({
      date: day(241),
      close: 12,
      period: 1,
      outcome: 0,
      fwd_ret_1: 0,
      fwd_ret_120: null,
    });
    expect(past.slice(1).every((r) => r.period === null && r.outcome === null)).toBe(true);
    expect(past).toHaveLength(11);
    expect(d.out_of_sample).toMatchObject({
      period: 1,
      trades: 1,
      mean: 0,
      profitable_pct: 0,
      not_enough_history: 10,
      pending: 0,
    });
    // One trade is below the 10 the quality rule asks for.
    expect(d.passes_quality).toBe(false);
    expect(d.last_signal_status).toBe('fails_quality');
    expect(d.last_signal_data).toEqual({});
    expect(d.predictions_data.prediction).toBeNull();
    expect(d.predictions_data.dates).toHaveLength(250);
    expect(d.predictions_data.signal_dates[0]).toBe(day(21));
    expect(d.past_signals_returns_data).toEqual({ dates: [day(241)], periods: [1], returns: [0] });
    expect(d.past_signals_return_hist_data.counts).toEqual([1]);
    expect(d.cumulative_returns_data.dates).toHaveLength(260);
  });

  it('a rising staircase: the headline is the walk-forward record, the in-sample pick is kept beside it', () => {
    // Closes step up 20% every 22 bars; momentum fires on each step (bars 22k, k = 1..36). A trade
    // entering at 22k+1 gains only when its exit crosses a step: 0% up to 20 bars, 20% at 40,
    // 44% at 60 and 148.83% (1.2^5 - 1) at 120. In-sample (hindsight) picks 120 bars: 100% profitable.
    const up = Array.from({ length: 800 }, (_, i) => 10 * 1.2 ** Math.floor(i / 22));
    const bu = bars(up);
    const evu = evaluateFactor('momentum', 'daily', { bars: bu, benchmark: [] });
    const d = buildFactorAnalysisData('X', 'momentum', 'daily', bu, evu);
    if (!('ticker' in d)) throw new Error('expected data');
    expect(d.in_sample).toMatchObject({ period: 120, profitable_pct: 100 });
    // Walk-forward: signal 11 knows 10 outcomes only up to 20 bars (all 0%: picks 1), signal 12 adds 40,
    // signals 13-15 pick 60, from signal 16 on 120 has 10 exited trades. Trades exiting by bar 799:
    // 0, 20, 44 x 3, 148.83 x 15 (signals 16-30); 31-36 are still open.
    const periods = evu.signals.map((s) => s.period);
    expect(periods.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(periods.slice(10, 16)).toEqual([1, 40, 60, 60, 60, 120]);
    expect(periods.at(-1)).toBe(120);
    const mean = (0 + 20 + 3 * 44 + 15 * (1.2 ** 5 - 1) * 100) / 20;
    expect(d.out_of_sample).toMatchObject({
      period: 120,
      trades: 20,
      profitable_pct: 95,
      not_enough_history: 10,
      pending: 6,
    });
    expect(d.out_of_sample.mean).toBeCloseTo(mean, 3);
    expect(evu.passesQuality).toBe(true);
    expect(d.last_signal_status).toBe('ok');
    // The panel, as known on bar 792: the expected return of the 120 bars shown is that of the
    // earlier signals held 120 bars and exited before bar 792 (signals 1-30, exit 22k + 121 < 792),
    // each +148.83%; the walk-forward record then is the 20 trades above (all exited by bar 781).
    const step5 = (1.2 ** 5 - 1) * 100;
    expect(d.last_signal_data).toEqual({
      date: day(792),
      period: 120,
      period_unit: 'days',
      expected_ret: Number(step5.toFixed(4)),
      profitable_pct: 100,
      profit_loss: '-',
      signals: 30,
      record_trades: 20,
      record_profitable_pct: 95,
    });
    const last = evu.signals.at(-1)!;
    expect(d.predictions_data.prediction!.dates).toEqual([last.date, projectDates(last.date, 121, 'daily')]);
    expect(d.predictions_data.prediction!.expected[1]).toBeCloseTo(last.close * (1 + step5 / 100), 3);
    // The walk-forward curve earns less than the hindsight one (it held the early signals too briefly).
    expect(d.out_of_sample.cumulative_pct).toBe(d.cumulative_returns_data.signals.at(-1));
    expect(d.out_of_sample.cumulative_pct).toBeLessThan(d.in_sample.cumulative_pct);
  });
});
