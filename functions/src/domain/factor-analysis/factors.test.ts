import { describe, expect, it } from 'vitest';
import {
  evaluateFactor,
  FACTORS,
  FACTOR_IDS,
  FACTOR_PARAMS,
  toWeekly,
  weekKey,
  horizonStats,
  passesQuality,
  pickBest,
} from './index.ts';
import type { DailyBar, FactorId, FactorInputs } from './index.ts';

/** Weekdays from Monday 2024-01-01, one per close. */
function weekdays(n: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2024, 0, 1); out.length < n; t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
const bars = (closes: number[]): DailyBar[] => {
  const dates = weekdays(closes.length);
  return closes.map((close, i) => ({ date: dates[i]!, close }));
};
const flat = (n: number, v: number) => Array.from({ length: n }, () => v);
const signalIdx = (factor: FactorId, inputs: FactorInputs, timeframe: 'daily' | 'weekly' = 'daily') => {
  const dates = inputs.bars.map((b) => b.date);
  return evaluateFactor(factor, timeframe, inputs).signals.map((s) => dates.indexOf(s.date));
};
const spyFlat = (n: number) => bars(flat(n, 80));

describe('factor signals (daily, hand-built series)', () => {
  it('uptrend: SMA20 crosses above SMA50 on the first bar it holds', () => {
    // 50 bars at 10: SMA20 = SMA50 = 10 (not above). Bar 50 = 60: SMA20 = 250/20 = 12.5 > SMA50 = 550/50 = 11.
    const closes = [...flat(50, 10), 60, 66, 70];
    const ev = evaluateFactor('uptrend', 'daily', { bars: bars(closes), benchmark: [] });
    expect(ev.signals.map((s) => s.close)).toEqual([60]);
    // No opens: the trade enters at the next close (66) and the 1-bar horizon exits at 70.
    expect(ev.entry).toBe('next_close');
    expect(ev.signals[0]!.forward[1]).toBeCloseTo((70 / 66 - 1) * 100, 10);
    expect(ev.signals[0]!.forward[5]).toBeNull(); // beyond the last bar
    expect(ev.signals[0]).toMatchObject({ period: null, outcome: null }); // no earlier outcomes: not enough history
    expect(ev.lastSignalDate).toBe(bars(closes)[50]!.date);
    expect(ev.lastBarDate).toBe(bars(closes)[52]!.date);
  });

  it('sustained momentum: fires on the 10th consecutive positive 20-bar ROC', () => {
    // Bars 0-29 at 10 (ROC 0 on 20-29), then +1 per bar: ROC > 0 from bar 30, streak of 10 at bar 39.
    const closes = [...flat(30, 10), ...Array.from({ length: 15 }, (_, i) => 11 + i)];
    expect(signalIdx('sustained_momentum', { bars: bars(closes), benchmark: [] })).toEqual([39]);
  });

  it('momentum: each time the 20-bar ROC rises above +10%', () => {
    // Bar 25: 11.5 / 10 = +15% (fires); bar 26: +9% (not above); bar 27: +20% (fires again).
    const closes = [...flat(25, 10), 11.5, 10.9, 12];
    expect(signalIdx('momentum', { bars: bars(closes), benchmark: [] })).toEqual([25, 27]);
  });

  it('relative strength: close / SPY crosses above its 50-bar average, SPY gaps carry the last close', () => {
    const b = bars([...flat(55, 10), 12]);
    // RS = 10 / 80 = 0.125 (binary-exact) equals its average until bar 55: 12 / 80 = 0.15.
    const spy = spyFlat(56).filter((_, i) => i !== 55); // SPY has no bar on the signal day: uses 80
    expect(signalIdx('relative_strength', { bars: b, benchmark: spy })).toEqual([55]);
    // SPY rising 20% the same day cancels it: RS 12 / 96 = 0.125 = its average, not above.
    const spyUp = bars([...flat(55, 80), 96]);
    expect(signalIdx('relative_strength', { bars: b, benchmark: spyUp })).toEqual([]);
  });

  it('new high: above the highest close of the previous 252 daily bars (an equal close is not new)', () => {
    const closes = [...flat(253, 10), 11, 10.5, 11.5];
    // Bar 252 equals the high (false); 253 is new (fires); 254 not; 255 new again (fires).
    expect(signalIdx('new_high', { bars: bars(closes), benchmark: [] })).toEqual([253, 255]);
  });

  it('filtered momentum: momentum only above a rising 100-bar SMA', () => {
    // Slow rise 10 + 0.01 i for 110 bars, bar 110 = 12: ROC20 = 12 / 10.90 - 1 = +10.1%, SMA100 ~ 10.6 and rising.
    const up = [...Array.from({ length: 110 }, (_, i) => 10 + 0.01 * i), 12];
    expect(signalIdx('filtered_momentum', { bars: bars(up), benchmark: [] })).toEqual([110]);
    // Falling 30 - 0.1 i, bar 110 = 23.2: ROC20 = 23.2 / 21 - 1 = +10.5% (Momentum fires) but
    // SMA100 = (24 x 99 + 23.2) / 100 = 23.99 > 23.2, so Filtered Momentum does not.
    const down = [...Array.from({ length: 110 }, (_, i) => 30 - 0.1 * i), 23.2];
    expect(signalIdx('momentum', { bars: bars(down), benchmark: [] })).toEqual([110]);
    expect(signalIdx('filtered_momentum', { bars: bars(down), benchmark: [] })).toEqual([]);
  });

  it('roc curve: a negative 10-bar ROC turning above its 10-bar average', () => {
    // 100 - i for 30 bars: ROC10 = -10 / (110 - i) keeps falling (below its average).
    // Bar 30 repeats 71: ROC10 = 71 / 80 - 1 = -11.25% > mean of ROC10 over bars 21-30 (~ -11.7%), still < 0.
    const closes = [...Array.from({ length: 30 }, (_, i) => 100 - i), 71, 71];
    expect(signalIdx('roc_curve', { bars: bars(closes), benchmark: [] })).toEqual([30]);
  });

  it('dark pools: position more than 1 sd above its previous 100-bar mean', () => {
    const b = bars(flat(103, 10));
    // Bars 0-99 alternate 0 / 10 (mean 5, sd 5.03): bar 100 = 10 is not above 10.03.
    // Window of bar 101 (bars 1-100): 51 tens, 49 zeros, mean 5.1, sd 5.02: 20 > 10.12 fires.
    const values = [...Array.from({ length: 100 }, (_, i) => (i % 2 ? 10 : 0)), 10, 20, 20];
    const darkPoolPosition = b.map((bar, i) => ({ date: bar.date, value: values[i]! }));
    expect(signalIdx('dark_pools', { bars: b, benchmark: [], darkPoolPosition })).toEqual([101]);
    expect(evaluateFactor('dark_pools', 'daily', { bars: b, benchmark: [] }).signals).toEqual([]);
  });
});

describe('weekly bars', () => {
  it('take the last trading day of each Monday-Sunday week (holiday Fridays, year ends)', () => {
    const b = [
      '2024-03-25',
      '2024-03-28',
      '2024-04-01',
      '2024-04-05',
      '2024-12-30',
      '2024-12-31',
      '2025-01-02',
      '2025-01-03',
    ].map((date, i) => ({ date, close: i }));
    // Good Friday 2024-03-29: Thursday closes the week; 2024-12-30..2025-01-03 is one week.
    expect(toWeekly(b).map((x) => x.date)).toEqual(['2024-03-28', '2024-04-05', '2025-01-03']);
    expect(weekKey('2025-01-03')).toBe('2024-12-30');
    expect(weekKey('2024-03-31')).toBe('2024-03-25'); // Sunday belongs to the week before
  });

  it('use the last trading day of each week and weekly horizons', () => {
    // 55 weeks at 10 (week index 52 is the first with 52 earlier weeks: equal, not new);
    // week 53 closes 11 on its Friday only (fires); week 54 closes 12.1.
    const closes = flat(55 * 5, 10);
    closes[53 * 5 + 2] = 15; // a Wednesday spike is not a weekly close
    closes[53 * 5 + 4] = 11;
    for (let i = 54 * 5; i < 55 * 5; i++) closes[i] = 12.1;
    // Week 55 opens at 12.1 on Monday and closes 13.31 on Friday: the 1-week trade runs Monday to Monday.
    closes.push(...flat(5, 13.31));
    // Opens: 1 below each close, except the Mondays of weeks 54 and 55 (the entry and exit fills).
    const b = bars(closes).map((x, i) => ({ ...x, open: i === 54 * 5 ? 11.5 : i === 55 * 5 ? 12.65 : x.close - 1 }));
    const ev = evaluateFactor('new_high', 'weekly', { bars: b, benchmark: [] });
    expect(ev.signals.map((s) => [s.date, s.close])).toEqual([[b[53 * 5 + 4]!.date, 11]]);
    expect(Object.keys(ev.signals[0]!.forward).map(Number)).toEqual([1, 2, 4, 8, 12, 26, 52]);
    expect(ev.entry).toBe('next_open');
    expect(ev.signals[0]!.forward[1]).toBeCloseTo((12.65 / 11.5 - 1) * 100, 10);
    expect(ev.signals[0]!.forward[2]).toBeNull();
    // The weekly bar keeps the close of the week's last day and the open of its first.
    expect(toWeekly(b).at(-2)).toEqual({ date: b[54 * 5 + 4]!.date, close: 12.1, open: 11.5 });
    expect(ev.stats.map((s) => s.horizon)).toEqual([1, 2, 4, 8, 12, 26, 52]);
    expect(ev.lastBarDate).toBe(b.at(-1)!.date);
  });
});

describe('statistics', () => {
  it('count, mean, median, profitable % and profit/loss ratio per horizon', () => {
    // gains 2, 4 (mean 3); losses -1, -3 (mean -2); 0 is neither.
    expect(horizonStats(5, [2, -1, 4, -3, 0])).toEqual({
      horizon: 5,
      count: 5,
      mean: 0.4,
      median: 0,
      profitable_pct: 40,
      profit_loss_ratio: 1.5,
    });
    expect(horizonStats(1, [1, 3]).profit_loss_ratio).toBeNull();
    expect(horizonStats(1, [1, 3, -2, -6]).median).toBe(-0.5);
    expect(horizonStats(1, [])).toMatchObject({
      count: 0,
      mean: 0,
      median: 0,
      profitable_pct: 0,
      profit_loss_ratio: null,
    });
  });

  it('in-sample best horizon: highest profitable %, then mean, among horizons with enough signals; quality rule on out-of-sample trades', () => {
    const s = (horizon: number, count: number, profitable_pct: number, mean: number) => ({
      horizon,
      count,
      mean,
      median: mean,
      profitable_pct,
      profit_loss_ratio: null,
    });
    const stats = [s(1, 12, 60, 0.5), s(5, 12, 70, 1), s(10, 12, 70, 2), s(20, 9, 90, 5)];
    expect(pickBest(stats)?.horizon).toBe(10); // 20 has too few signals; 10 beats 5 on the mean
    expect(passesQuality(s(10, 12, 70, 2))).toBe(true);
    // Out-of-sample trades that pass, but the latest signal had no walk-forward period: not shown.
    expect(passesQuality({ ...s(10, 12, 70, 2), horizon: null })).toBe(false);
    expect(passesQuality(s(1, 9, 90, 1))).toBe(false);
    expect(passesQuality(s(1, 10, 54, 1))).toBe(false);
    expect(passesQuality(s(1, 10, 55, 0))).toBe(false);
    expect(passesQuality(s(1, 10, 55, 0.1))).toBe(true);
    // Fewer than 10 signals anywhere: the horizons with the most signals compete.
    expect(pickBest([s(1, 3, 50, 1), s(5, 3, 100, 1), s(10, 2, 100, 9)])?.horizon).toBe(5);
    expect(pickBest([s(1, 0, 0, 0)])).toBeNull();
  });

  it('every factor has a label and a definition; no bars means no signals', () => {
    expect(FACTOR_IDS).toEqual([
      'uptrend',
      'sustained_momentum',
      'momentum',
      'relative_strength',
      'new_high',
      'filtered_momentum',
      'roc_curve',
      'dark_pools',
    ]);
    expect(FACTORS.map((f) => f.label)).toEqual([
      'New Uptrend',
      'Sustained Momentum',
      'Momentum',
      'Relative Strength',
      'New High',
      'Filtered Momentum',
      'ROC Curve',
      'Dark Pools',
    ]);
    for (const id of FACTOR_IDS) {
      expect(evaluateFactor(id, 'weekly', { bars: [], benchmark: [] })).toMatchObject({
        signals: [],
        inSample: null,
        outOfSample: { horizon: null, count: 0 },
        passesQuality: false,
        lastSignalDate: null,
        lastBarDate: null,
      });
    }
  });

  it('definition texts state the lookbacks the code uses', () => {
    const def = (id: FactorId) => FACTORS.find((f) => f.id === id)!.definition;
    const p = FACTOR_PARAMS;
    expect(def('uptrend')).toContain(
      `${p.uptrend.fast}-bar simple moving average of the close crosses above the ${p.uptrend.slow}-bar`,
    );
    expect(def('sustained_momentum')).toContain(
      `${p.sustained_momentum.roc}-bar rate of change has been positive on ${p.sustained_momentum.streak} consecutive`,
    );
    expect(def('momentum')).toContain(`${p.momentum.roc}-bar rate of change rises above +${p.momentum.threshold}%`);
    expect(def('relative_strength')).toContain(`its ${p.relative_strength.sma}-bar simple moving average`);
    expect(def('new_high')).toContain(`previous ${p.new_high.daily} daily or ${p.new_high.weekly} weekly bars`);
    const fm = p.filtered_momentum;
    expect(def('filtered_momentum')).toContain(
      `${fm.roc}-bar rate of change is above +${fm.threshold}% while the close is above its rising ${fm.trend}-bar simple moving average (higher than ${fm.slope} bars earlier)`,
    );
    expect(def('roc_curve')).toContain(
      `${p.roc_curve.roc}-bar rate of change crosses above its own ${p.roc_curve.sma}-bar average`,
    );
    expect(def('dark_pools')).toContain(
      `more than ${p.dark_pools.z} standard deviation above its mean of the previous ${p.dark_pools.daily} daily or ${p.dark_pools.weekly} weekly bars`,
    );
  });
});
