import { describe, expect, it } from 'vitest';
import type { DailySeries } from '../../data/timeseries-repository.ts';
import { closeBasisOf, priceWindow, quoteFromSeries } from './quote.ts';

function series(n: number): DailySeries {
  const date = Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2023, 0, 2) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const close = date.map((_, i) => 100 + i);
  return {
    date,
    close,
    open: close.map((c) => c - 0.5),
    high: close.map((c) => c + 1),
    low: close.map((c) => c - 2),
    volume: date.map((_, i) => 1000 + i),
    adjClose: null,
  };
}
const entry = { symbol: 'TEST', company: 'Test Co', sector: 'Energy', industry: 'Oil', kind: 'stock' as const };

describe('quoteFromSeries', () => {
  it('computes change, ranges and 30-session average volume', () => {
    const q = quoteFromSeries(series(300), entry)!;
    expect(q.c).toBe(399);
    expect(q.todaysChange).toBe(1);
    expect(q.todaysChangePerc).toBeCloseTo((399 / 398 - 1) * 100, 4);
    expect([q.l, q.h]).toEqual([397, 400]);
    // 52 weeks = the last 252 sessions: closes 148..399, lows 146.., highs ..400.
    expect(q['52_week_low']).toBe(146);
    expect(q['52_week_high']).toBe(400);
    expect(q.avg_volume).toBe(Math.round((1270 + 1299) / 2));
    expect(q.v).toBe(1299);
  });
  it('has no change for a single bar and no volume for an index', () => {
    const one = { ...series(1), volume: null };
    const q = quoteFromSeries(one, entry)!;
    expect(q.todaysChange).toBeNull();
    expect(q.v).toBeNull();
    expect(q.avg_volume).toBeNull();
  });
  it("says when the closes are dividend-adjusted: an ETF history with no separate adjusted column (the bundle's)", () => {
    expect(quoteFromSeries(series(3), { ...entry, kind: 'etf' })!.close_basis).toBe('dividend_adjusted');
    expect(quoteFromSeries(series(3), entry)!.close_basis).toBe('as_traded');
    expect(closeBasisOf('etf', { adjClose: [1, 2] })).toBe('as_traded');
    expect(closeBasisOf('index', { adjClose: null })).toBe('as_traded');
  });
});

describe('priceWindow', () => {
  const s = series(10);
  it('returns the last N bars up to the as-of date', () => {
    expect(priceWindow(s, 3, '2023-01-08', true, false).dates).toEqual(['2023-01-06', '2023-01-07', '2023-01-08']);
  });
  it('drops a bar of today while the session is open when closed-only is asked', () => {
    expect(priceWindow(s, 2, '2023-01-10', true, true).dates).toEqual(['2023-01-08', '2023-01-09']);
    expect(priceWindow(s, 2, '2023-01-10', false, true).dates).toEqual(['2023-01-09', '2023-01-10']);
  });
});
