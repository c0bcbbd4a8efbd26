import { describe, expect, it } from 'vitest';
import type { SignalRow } from '../api/get-signals-data.ts';
import { periodText, phoneSignalColumns, signalColumns, signalUrl, wlRatioText } from './columns.ts';
import {
  EMPTY_FILTERS,
  EXPECTED_RETURN_BUCKETS,
  filterSignals,
  hasActiveFilters,
  inAnySelectedBucket,
  MARKET_CAP_BUCKETS,
  matchesFilters,
  PROFITABLE_BUCKETS,
} from './filters.ts';

const row = (over: Partial<SignalRow> = {}): SignalRow => ({
  date: '2024-03-08',
  ticker: 'AAPL',
  expected_ret: 5,
  profit_loss_ratio: 1.5,
  'profitable%': 65,
  period: 20,
  timeframe: 'daily',
  factor: 'uptrend',
  sector: 'Technology',
  marketcap: 2.6e12,
  ...over,
});
const B = 1e9;

describe('bucket edges: lower edge in, upper edge out', () => {
  it.each([
    [0, '0-10'],
    [9.9999, '0-10'],
    [10, '10-20'],
    [19.99, '10-20'],
    [20, '20-50'],
    [50, '50+'],
    [400, '50+'],
  ])('expected return %s%% is in %s only', (v, id) => {
    const hits = EXPECTED_RETURN_BUCKETS.filter((b) => inAnySelectedBucket(v, EXPECTED_RETURN_BUCKETS, [b.id])).map(
      (b) => b.id,
    );
    expect(hits).toEqual([id]);
  });

  it('a negative expected return falls in no expected-return bucket', () => {
    expect(
      inAnySelectedBucket(
        -0.01,
        EXPECTED_RETURN_BUCKETS,
        EXPECTED_RETURN_BUCKETS.map((b) => b.id),
      ),
    ).toBe(false);
  });

  it.each([
    [50, '50-60'],
    [59.99, '50-60'],
    [60, '60-70'],
    [70, '70-80'],
    [80, '80-90'],
    [90, '90+'],
    [100, '90+'],
  ])('profitable %s%% is in %s only', (v, id) => {
    const hits = PROFITABLE_BUCKETS.filter((b) => inAnySelectedBucket(v, PROFITABLE_BUCKETS, [b.id])).map((b) => b.id);
    expect(hits).toEqual([id]);
  });

  it.each([
    [200 * B, 'mega'],
    [200 * B - 1, 'large'],
    [10 * B, 'large'],
    [10 * B - 1, 'mid'],
    [2 * B, 'mid'],
    [2 * B - 1, 'small'],
    [300e6, 'small'],
    [300e6 - 1, 'micro'],
    [1, 'micro'],
  ])('market cap %s is %s only', (v, id) => {
    const hits = MARKET_CAP_BUCKETS.filter((b) => inAnySelectedBucket(v, MARKET_CAP_BUCKETS, [b.id])).map((b) => b.id);
    expect(hits).toEqual([id]);
  });

  it('an unknown market cap matches no bucket, but passes when the filter is empty', () => {
    expect(
      inAnySelectedBucket(
        null,
        MARKET_CAP_BUCKETS,
        MARKET_CAP_BUCKETS.map((b) => b.id),
      ),
    ).toBe(false);
    expect(inAnySelectedBucket(null, MARKET_CAP_BUCKETS, [])).toBe(true);
  });
});

describe('matchesFilters', () => {
  it('empty filters restrict nothing', () => {
    expect(
      matchesFilters(row({ sector: null, marketcap: null, expected_ret: -3, 'profitable%': 40 }), EMPTY_FILTERS),
    ).toBe(true);
  });

  it('a bucket filter matches a row in ANY selected bucket, not only the first selected one', () => {
    const f = { ...EMPTY_FILTERS, expectedReturn: ['0-10', '20-50'] };
    expect(matchesFilters(row({ expected_ret: 3 }), f)).toBe(true);
    expect(matchesFilters(row({ expected_ret: 25 }), f)).toBe(true);
    expect(matchesFilters(row({ expected_ret: 15 }), f)).toBe(false);
    const p = { ...EMPTY_FILTERS, profitable: ['90+', '50-60'] };
    expect(matchesFilters(row({ 'profitable%': 55 }), p)).toBe(true);
    expect(matchesFilters(row({ 'profitable%': 95 }), p)).toBe(true);
    expect(matchesFilters(row({ 'profitable%': 75 }), p)).toBe(false);
    const m = { ...EMPTY_FILTERS, marketCap: ['micro', 'mega'] };
    expect(matchesFilters(row({ marketcap: 100e6 }), m)).toBe(true);
    expect(matchesFilters(row({ marketcap: 50 * B }), m)).toBe(false);
  });

  it('combines the six filters with AND', () => {
    const rows = [
      row({
        ticker: 'A',
        factor: 'uptrend',
        timeframe: 'daily',
        sector: 'Technology',
        marketcap: 300 * B,
        expected_ret: 5,
        'profitable%': 65,
      }),
      row({
        ticker: 'B',
        factor: 'uptrend',
        timeframe: 'weekly',
        sector: 'Technology',
        marketcap: 300 * B,
        expected_ret: 5,
        'profitable%': 65,
      }),
      row({
        ticker: 'C',
        factor: 'momentum',
        timeframe: 'daily',
        sector: 'Energy',
        marketcap: 5 * B,
        expected_ret: 12,
        'profitable%': 72,
      }),
      row({
        ticker: 'D',
        factor: 'momentum',
        timeframe: 'daily',
        sector: null,
        marketcap: null,
        expected_ret: 12,
        'profitable%': 72,
      }),
    ];
    const t = (f: Partial<typeof EMPTY_FILTERS>) =>
      filterSignals(rows, { ...EMPTY_FILTERS, ...f }).map((r) => r.ticker);
    expect(t({ factor: ['uptrend'] })).toEqual(['A', 'B']);
    expect(t({ factor: ['uptrend'], timeframe: ['weekly'] })).toEqual(['B']);
    expect(t({ factor: ['uptrend', 'momentum'], timeframe: ['daily'] })).toEqual(['A', 'C', 'D']);
    expect(t({ sector: ['Energy', 'Technology'], marketCap: ['mid'] })).toEqual(['C']);
    expect(t({ expectedReturn: ['10-20'], profitable: ['70-80'] })).toEqual(['C', 'D']);
    expect(t({ expectedReturn: ['10-20'], sector: ['Healthcare'] })).toEqual([]);
  });

  it('Clear (EMPTY_FILTERS) empties all six filters', () => {
    expect(Object.keys(EMPTY_FILTERS).sort()).toEqual([
      'expectedReturn',
      'factor',
      'marketCap',
      'profitable',
      'sector',
      'timeframe',
    ]);
    expect(Object.values(EMPTY_FILTERS).every((v) => v.length === 0)).toBe(true);
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, timeframe: ['weekly'] })).toBe(true);
  });
});

describe('row display', () => {
  it('links a row to its single-stock page with the lowercase timeframe', () => {
    expect(signalUrl(row({ factor: 'relative_strength', timeframe: 'weekly', ticker: 'BRK.B' }))).toBe(
      '/factor-analysis/relative_strength/weekly/BRK.B',
    );
  });
  it('shows a missing profit/loss ratio as infinity and the period in bars of the timeframe', () => {
    expect(wlRatioText(row({ profit_loss_ratio: null }))).toBe('∞');
    expect(wlRatioText(row({ profit_loss_ratio: 1.234 }))).toBe('1.23');
    expect(periodText(row({ period: 20, timeframe: 'daily' }))).toBe('20 days');
    expect(periodText(row({ period: 1, timeframe: 'weekly' }))).toBe('1 week');
  });
  it('phones get factor and timeframe in one cell; the other columns stay', () => {
    expect(signalColumns.map((c) => c.header)).toEqual([
      'Date',
      'Ticker',
      'Expected%',
      'WL Ratio',
      'Profitable%',
      'Period',
      'Timeframe',
      'Factor',
    ]);
    expect(phoneSignalColumns.map((c) => c.header)).toEqual([
      'Date',
      'Ticker',
      'Expected%',
      'WL Ratio',
      'Profitable%',
      'Period',
      'Factor',
    ]);
    expect(phoneSignalColumns.at(-1)!.format!(row({ factor: 'roc_curve', timeframe: 'weekly' }))).toBe(
      'ROC Curve (Weekly)',
    );
  });
});
