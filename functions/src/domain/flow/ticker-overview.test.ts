import { describe, expect, it } from 'vitest';
import { summarizeDay } from './day-summary.ts';
import { trade } from './test-trade.ts';
import { intervalBucket, intradayPremiums, latestTrades } from './intraday-premiums.ts';
import { SeasonalityFold, seasonality, seasonalityWindowStart } from './seasonality.ts';
import { percentChange, tickerMetrics1d, tickerMetrics5d } from './ticker-metrics.ts';

/** One day of SPY: `calls` and `puts` are the cost bases, every trade scored `score`. */
function day(date: string, calls: number[], puts: number[], score = 0.5) {
  return summarizeDay(date, [
    ...calls.map((c) => trade({ date, cost_basis: c, score })),
    ...puts.map((c) => trade({ date, cost_basis: c, put_call: 'Put', score })),
    trade({ date, ticker: 'QQQ', cost_basis: 999 }),
  ]);
}

describe('ticker metrics', () => {
  it('percent change against a base, null without one', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, -100)).toBe(150);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
  });

  it('1d: today as is; the prior change compares the last full day with the day before, never the partial day', () => {
    const today = day('2024-03-08', [10], [], 0.9);
    const full = [day('2024-03-07', [30, 10], [5], 0.8), day('2024-03-06', [20, 5, 5], [10], 0.4)];
    const m = tickerMetrics1d('SPY', '2024-03-08', today, full);
    expect(m.current).toEqual({
      call_premiums: 10,
      put_premiums: 0,
      call_flow: 1,
      put_flow: 0,
      avg_call_score: 0.9,
      avg_put_score: null,
    });
    expect(m.prior.call_premiums).toBe(40);
    expect(m.prior.call_flow).toBe(2);
    expect(m.prior.call_premiums_chg).toBeCloseTo(((40 - 30) / 30) * 100, 10); // 33.33 %
    expect(m.prior.put_premiums_chg).toBe(-50);
    expect(m.prior.call_flow_chg).toBeCloseTo(-33.333333, 5);
    expect(m.prior.put_flow_chg).toBe(0);
    expect(m.prior.avg_call_score_chg).toBeCloseTo(100, 10);
    expect([m.prior_date, m.base_date, m.has_flow]).toEqual(['2024-03-07', '2024-03-06', true]);
  });

  it('5d: sums the last 5 full days and compares them with the 5 before; scores average over all trades', () => {
    const full = Array.from({ length: 12 }, (_, i) =>
      day(`2024-02-${String(29 - i).padStart(2, '0')}`, i < 5 ? [10, 20] : [15], [1], i < 5 ? 0.6 : 0.3),
    );
    const m = tickerMetrics5d('SPY', full);
    expect(m.call_premiums).toBe(150);
    expect(m.call_flow).toBe(10);
    expect(m.put_flow).toBe(5);
    expect(m.avg_call_score).toBeCloseTo(0.6, 12);
    expect(m.call_premiums_chg).toBe(100); // 150 vs 75
    expect(m.call_flow_chg).toBe(100);
    expect(m.put_premiums_chg).toBe(0);
    expect(m.avg_call_score_chg).toBeCloseTo(100, 10);
    expect(m.days).toEqual(['2024-02-29', '2024-02-28', '2024-02-27', '2024-02-26', '2024-02-25']);
    expect(m.base_days).toHaveLength(5);
  });

  it('a ticker without flow has zeros, null averages and null changes', () => {
    const m = tickerMetrics5d('IWM', [day('2024-03-07', [1], [1])]);
    expect(m).toMatchObject({
      has_flow: false,
      call_premiums: 0,
      call_flow: 0,
      avg_call_score: null,
      call_premiums_chg: null,
    });
  });
});

describe('seasonality', () => {
  it('averages premium per trading day by half hour, weekday and month (days without the ticker count as zero)', () => {
    const fri = summarizeDay('2024-03-08', [
      trade({ time: '09:45:00', cost_basis: 30 }),
      trade({ time: '15:59:00', put_call: 'Put', cost_basis: 6 }),
    ]);
    const thu = summarizeDay('2024-03-07', [trade({ time: '09:31:00', cost_basis: 10 })]);
    const prevFri = summarizeDay('2024-03-01', [trade({ ticker: 'QQQ', cost_basis: 5 })]);
    const feb = summarizeDay('2024-02-29', [trade({ time: '12:00:00', cost_basis: 8 })]); // Thursday
    const s = seasonality('SPY', [fri, thu, prevFri, feb]);
    expect([s.days, s.from, s.to, s.has_flow]).toEqual([4, '2024-02-29', '2024-03-08', true]);
    expect(s.intraday.index[0]).toBe('09:30');
    expect(s.intraday.index[12]).toBe('15:30');
    expect(s.intraday.calls[0]).toBe(10); // (30 + 10 + 0 + 0) / 4
    expect(s.intraday.calls[5]).toBe(2); // 12:00 bucket: 8 / 4
    expect(s.intraday.puts[12]).toBe(1.5);
    expect(s.daily.index).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(s.daily.calls).toEqual([null, null, null, 9, 15]); // Thu (10 + 8) / 2, Fri (30 + 0) / 2
    expect(s.daily.puts).toEqual([null, null, null, 0, 3]);
    expect(s.monthly.calls[1]).toBe(8);
    expect(s.monthly.calls[2]).toBe(40 / 3);
    expect(s.monthly.calls[0]).toBeNull();
  });

  it('folds a year a day at a time: the same answer in any order, every month covered, for any ticker', () => {
    // One summary per weekday from 2023-03-09 to 2024-03-07: the demo's 12 months of completed days.
    const days = [];
    for (let t = Date.parse('2023-03-09T12:00:00Z'); t <= Date.parse('2024-03-07T12:00:00Z'); t += 86_400_000) {
      const d = new Date(t);
      if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
      days.push(
        summarizeDay(d.toISOString().slice(0, 10), [
          trade({ cost_basis: d.getUTCMonth() + 1 }),
          trade({ ticker: 'QQQ', put_call: 'Put', cost_basis: 2 }),
        ]),
      );
    }
    const fold = new SeasonalityFold();
    for (const day of [...days].reverse()) fold.addDay(day);
    const s = fold.result('SPY');
    expect(s).toEqual(seasonality('SPY', days));
    expect([s.days, s.from, s.to]).toEqual([days.length, '2023-03-09', '2024-03-07']);
    expect(s.monthly.calls).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(fold.result('QQQ').monthly.puts.every((v) => v === 2)).toBe(true);
    expect(fold.result('IWM')).toMatchObject({ has_flow: false, days: days.length });
    expect(fold.result('IWM').daily.calls).toEqual([0, 0, 0, 0, 0]);
  });

  it('the window is the 12 months before the day (exclusive lower bound)', () => {
    expect(seasonalityWindowStart('2024-03-08')).toBe('2023-03-08');
    expect(seasonalityWindowStart('2024-02-29')).toBe('2023-02-29');
  });
});

describe('intraday premiums', () => {
  it('buckets by interval from 09:30, clamping times outside the session', () => {
    expect(intervalBucket('09:30:00', 10)).toBe(0);
    expect(intervalBucket('09:39:59', 10)).toBe(0);
    expect(intervalBucket('09:40:00', 10)).toBe(1);
    expect(intervalBucket('08:00:00', 1)).toBe(0);
    expect(intervalBucket('16:30:00', 30)).toBe(12);
  });

  it('sums premiums and builds candles of the underlying price in time order, listing only buckets with trades', () => {
    const trades = [
      trade({ time: '09:35:00', cost_basis: 5, underlying_price: 101 }),
      trade({ time: '09:31:00', cost_basis: 2, underlying_price: 100 }),
      trade({ time: '09:38:00', put_call: 'Put', cost_basis: 3, underlying_price: 99 }),
      trade({ time: '09:39:00', cost_basis: 1, underlying_price: 100.5 }),
      trade({ time: '10:05:00', put_call: 'Put', cost_basis: 4, underlying_price: null }),
    ];
    const r = intradayPremiums('SPY', '2024-03-08', trades, 1);
    expect(r.index).toEqual(['09:30', '10:00']);
    expect(r.calls).toEqual([8, 0]);
    expect(r.puts).toEqual([3, 4]);
    expect(r.ohlc).toEqual([[100, 101, 99, 100.5], null]);
    const minute = intradayPremiums('SPY', '2024-03-08', trades, 0);
    expect(minute.index).toEqual(['09:31', '09:35', '09:38', '09:39', '10:05']);
    expect(minute.puts).toEqual([0, 0, 3, 0, 4]);
    const half = intradayPremiums('SPY', '2024-03-08', trades, 2);
    expect([half.minutes, half.index, half.calls, half.puts]).toEqual([30, ['09:30', '10:00'], [8, 0], [3, 4]]);
  });

  it('latest trades: newest first, at most 50', () => {
    const trades = Array.from({ length: 60 }, (_, i) => trade({ time: `10:${String(i).padStart(2, '0')}:00` }));
    const last = latestTrades(trades);
    expect(last).toHaveLength(50);
    expect(last[0]!.time).toBe('10:59:00');
    expect(last[49]!.time).toBe('10:10:00');
  });
});
