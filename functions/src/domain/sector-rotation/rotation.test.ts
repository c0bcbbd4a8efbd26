import { describe, expect, it } from 'vitest';
import { factorsAt, positionOf, rotationResponse, tickerFactors } from './rotation.ts';
import { weekOf, weeklyCloses } from './weekly.ts';
import { marketMapRows } from './market-map.ts';

describe('weekly closes', () => {
  it('keeps the last close of each Monday-to-Sunday week', () => {
    expect(weekOf('2024-03-08')).toBe('2024-03-04');
    expect(weekOf('2024-03-04')).toBe('2024-03-04');
    expect(weekOf('2024-03-10')).toBe('2024-03-04');
    const w = weeklyCloses(['2024-02-29', '2024-03-01', '2024-03-04', '2024-03-07'], [1, 2, 3, 4]);
    expect(w).toEqual({ week: ['2024-02-26', '2024-03-04'], date: ['2024-03-01', '2024-03-07'], close: [2, 4] });
  });
});

describe('factors (hand-computed)', () => {
  // price 10, 11, 12, 15; benchmark 100, 100, 120, 100; lookback 2, week t = 3.
  const price = [10, 11, 12, 15];
  const bench = [100, 100, 120, 100];
  it('computes each definition at week t', () => {
    const f = factorsAt(price, bench, 2, 3)!;
    // RS = 0.1, 0.11, 0.1, 0.15. relative_strength = 100 * 0.15 / mean(0.1, 0.15) = 120.
    expect(f.relative_strength).toBeCloseTo(120, 10);
    // rate_of_change = 100 * RS_3 / RS_1 = 100 * 0.15 / 0.11.
    expect(f.rate_of_change).toBeCloseTo(136.363636, 5);
    // momentum = 100 * 15 / mean(12, 15) = 111.111...
    expect(f.momentum).toBeCloseTo(111.111111, 5);
    // absolute_momentum = 100 * 15 / 11.
    expect(f.absolute_momentum).toBeCloseTo(136.363636, 5);
  });
  it('needs lookback weeks of history', () => {
    expect(factorsAt(price, bench, 4, 3)).toBeNull();
    expect(factorsAt(price, bench, 3, 3)).not.toBeNull();
  });
});

describe('quadrants', () => {
  it.each([
    [100, 100, 'Leading'],
    [101, 99.99, 'Weakening'],
    [99.99, 99.99, 'Lagging'],
    [99.99, 100, 'Improving'],
    [120, 150, 'Leading'],
  ] as const)('rs %d, factor %d -> %s', (rs, f, pos) => {
    expect(positionOf(rs, f)).toBe(pos);
  });
});

const weeksFrom = (closes: number[]) =>
  weeklyCloses(
    closes.map((_, i) => new Date(Date.UTC(2024, 0, 5 + 7 * i)).toISOString().slice(0, 10)),
    closes,
  );

describe('rotation response', () => {
  const bench = weeksFrom([100, 100, 100, 100]);
  const input = (ticker: string, sector: string, closes: number[]) => ({
    ticker,
    name: ticker,
    sector,
    weekly: weeksFrom(closes),
    close: closes.at(-1)!,
    date: '2024-01-26',
  });
  const factors = tickerFactors(
    [
      input('UP', 'Energy', [10, 10, 10, 12]), // rs 120/mean(100,120)... leading
      input('DOWN', 'Utilities', [10, 10, 10, 8]), // lagging
      input('FIN', 'Financials', [10, 10, 10, 10]), // exactly 100 -> Leading
      input('OLD', 'Energy', [10, 10, 10]), // misses the last week: left out
      input('ETF', 'ETF', [10, 10, 10, 10]), // no super sector: left out
    ],
    bench,
    2,
  );
  const r = rotationResponse(factors, {
    asOf: '2024-01-26',
    index: 'sp500',
    benchmark: 'SPY',
    lookback: 2,
    factor: 'absolute_momentum',
  });

  it('keeps current tickers, names the factor key and assigns quadrants', () => {
    expect(r.main_data.map((x) => x.ticker)).toEqual(['DOWN', 'FIN', 'UP']);
    const up = r.main_data.find((x) => x.ticker === 'UP')!;
    expect(up.relative_strength).toBeCloseTo(109.0909, 4); // 100 * 0.12 / mean(0.1, 0.12)
    expect(up.absolute_momentum).toBe(120);
    expect(up.rate_of_change).toBeUndefined();
    expect(up.position).toBe('Leading');
    expect(up.super_sector).toBe('Sensitive');
    expect(up.tail).toEqual([
      [100, 100],
      [109.0909, 120],
    ]);
    expect(r.main_data.find((x) => x.ticker === 'DOWN')!.position).toBe('Lagging');
    expect(r.main_data.find((x) => x.ticker === 'FIN')!.position).toBe('Leading');
  });

  it('counts positions per super sector and sector, with row percentages', () => {
    expect(r.super_sector_freq_data).toEqual([
      { super_sector: 'Cyclical', Lagging: 0, Improving: 0, Weakening: 0, Leading: 1 },
      { super_sector: 'Sensitive', Lagging: 0, Improving: 0, Weakening: 0, Leading: 1 },
      { super_sector: 'Defensive', Lagging: 1, Improving: 0, Weakening: 0, Leading: 0 },
    ]);
    expect(r.sector_freq_data.map((x) => x.sector)).toEqual(['Energy', 'Financials', 'Utilities']);
    expect(r.sector_freq_pct_data[2]).toEqual({
      sector: 'Utilities',
      Lagging: 100,
      Improving: 0,
      Weakening: 0,
      Leading: 0,
    });
  });
});

describe('market map rows', () => {
  it('estimates market cap from shares x close and the change from the last two closes', () => {
    const rows = marketMapRows(
      [
        {
          ticker: 'A',
          company: 'A Inc',
          sector: 'Energy',
          sharesOutstanding: 1000,
          dates: ['2024-03-07', '2024-03-08'],
          closes: [50, 55],
        },
        {
          ticker: 'B',
          company: 'B Inc',
          sector: 'Energy',
          sharesOutstanding: 10,
          dates: ['2024-03-07', '2024-03-08'],
          closes: [200, 150],
        },
        {
          ticker: 'C',
          company: 'no shares',
          sector: 'Energy',
          sharesOutstanding: null,
          dates: ['2024-03-07', '2024-03-08'],
          closes: [1, 1],
        },
        {
          ticker: 'D',
          company: 'stale',
          sector: 'Energy',
          sharesOutstanding: 5,
          dates: ['2024-03-06', '2024-03-07'],
          closes: [1, 1],
        },
        // A second class of A's company carries the whole company's count: drawing it would count A twice.
        {
          ticker: 'AA',
          company: 'A Inc (Class C)',
          sector: 'Energy',
          sharesOutstanding: 1000,
          shareClassOf: 'A',
          dates: ['2024-03-07', '2024-03-08'],
          closes: [50, 56],
        },
      ],
      '2024-03-08',
    );
    expect(rows).toEqual([
      { ticker: 'A', company: 'A Inc', sector: 'Energy', market_cap: 55_000, change_pct: 10 },
      { ticker: 'B', company: 'B Inc', sector: 'Energy', market_cap: 1_500, change_pct: -25 },
    ]);
  });
});
