import { describe, expect, it } from 'vitest';
import type { FactorStatisticsRow, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import { buildFactorAnalysisData, cumulativeReturns, evaluateFactor, histogram, projectDates } from './index.ts';
import type { DailyBar } from './index.ts';

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const bars = (closes: number[]): DailyBar[] => closes.map((close, i) => ({ date: day(i), close }));

describe('histogram', () => {
  it('bins equal widths with the maximum in the last bin', () => {
    // 5 values -> 5 bins of width (10 - 0) / 5 = 2.
    expect(histogram([0, 1, 2, 9, 10])).toEqual({ lower: [0, 2, 4, 6, 8], upper: [2, 4, 6, 8, 10], counts: [2, 1, 0, 0, 2] });
    expect(histogram([3, 3])).toEqual({ lower: [3], upper: [3], counts: [2] });
    expect(histogram([])).toEqual({ lower: [], upper: [], counts: [] });
  });
});

describe('cumulativeReturns', () => {
  it('holds for the period after each signal, overlapping signals extend the holding', () => {
    const b = bars([100, 110, 99, 108.9, 119.79, 100]);
    // Signal at bar 1, period 2: holds bars 1->2 (-10%) and 2->3 (+10%) = 0.99 -> -1%.
    const c = cumulativeReturns(b, [1], 2);
    expect(c.signals).toEqual([0, 0, -10, -1, -1, -1]);
    expect(c.buy_and_hold).toEqual([0, 10, -1, 8.9, 19.79, 0]);
    // A second signal at bar 2 extends the holding to bar 4: x 1.1 -> 0.99 x 1.1 = 1.089.
    expect(cumulativeReturns(b, [1, 2], 2).signals).toEqual([0, 0, -10, -1, 8.9, 8.9]);
    expect(cumulativeReturns(b, [1], null).signals).toEqual([0, 0, 0, 0, 0, 0]);
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
  // Momentum fires each time the 20-bar ROC rises above +10%: a saw tooth of 10 bars at 10 and 1 bar at 12.
  const closes = Array.from({ length: 260 }, (_, i) => (i % 22 === 21 ? 12 : 10));
  const b = bars(closes);
  const ev = evaluateFactor('momentum', 'daily', { bars: b, benchmark: [] });

  it('returns {} without signals', () => {
    expect(buildFactorAnalysisData('X', 'momentum', 'daily', b.slice(0, 10), evaluateFactor('momentum', 'daily', { bars: b.slice(0, 10), benchmark: [] }))).toEqual({});
  });

  it('fills every section from the evaluation', () => {
    const d = buildFactorAnalysisData('X', 'momentum', 'daily', b, ev);
    if (!('ticker' in d)) throw new Error('expected data');
    // Signals on bars 21, 43, ... 241 (11); each signal close 12, the next bar 10: 1-bar return -16.67%.
    expect(ev.signals).toHaveLength(11);
    const stats = JSON.parse(d.factor_statistics_data) as FactorStatisticsRow[];
    expect(stats.map((r) => r.index)).toEqual(['count', 'mean', 'median', 'profitable_pct', 'profit_loss_ratio']);
    // Bar 241 + 20 lies beyond the last bar (259); for 120 bars only signals up to bar 139 (6) count.
    expect(stats[0]).toMatchObject({ fwd_ret_1: 11, fwd_ret_5: 11, fwd_ret_20: 10, fwd_ret_40: 10, fwd_ret_120: 6 });
    expect(stats[1]!.fwd_ret_1).toBeCloseTo(-16.6667, 4);
    expect(stats[4]!.fwd_ret_1).toBe('-'); // no gains
    const past = JSON.parse(d.past_signals_data) as PastSignalRow[];
    expect(past[0]).toMatchObject({ date: day(241), close: 12, fwd_ret_1: -16.6667, fwd_ret_120: null });
    expect(past).toHaveLength(11);
    // All returns are losses at every horizon except 22-multiples (none here): the quality rule fails.
    expect(d.passes_quality).toBe(false);
    expect(d.last_signal_data).toEqual({});
    expect(d.predictions_data.prediction).toBeNull();
    expect(d.predictions_data.dates).toHaveLength(250);
    expect(d.predictions_data.signal_dates[0]).toBe(day(21));
    expect(d.past_signals_returns_data.dates).toHaveLength(d.past_signals_return_hist_data.counts.reduce((a, c) => a + c, 0));
    expect(d.cumulative_returns_data.dates).toHaveLength(260);
  });

  it('fills the last signal and the projection when the quality rule holds', () => {
    // A rising staircase: each signal gains.
    const up = Array.from({ length: 400 }, (_, i) => 10 * 1.2 ** Math.floor(i / 22));
    const bu = bars(up);
    const evu = evaluateFactor('momentum', 'daily', { bars: bu, benchmark: [] });
    const d = buildFactorAnalysisData('X', 'momentum', 'daily', bu, evu);
    if (!('ticker' in d)) throw new Error('expected data');
    expect(evu.passesQuality).toBe(true);
    const best = evu.best!;
    expect(d.last_signal_data).toMatchObject({ date: evu.lastSignalDate, period: best.horizon, period_unit: 'days', signals: best.count });
    const last = evu.signals.at(-1)!;
    expect(d.predictions_data.prediction!.dates[0]).toBe(last.date);
    expect(d.predictions_data.prediction!.expected[1]).toBeCloseTo(last.close * (1 + best.mean / 100), 3);
  });
});
