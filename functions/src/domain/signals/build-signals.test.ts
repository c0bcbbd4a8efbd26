import { describe, expect, it } from 'vitest';
import { SIGNAL_SECTORS } from '@tapewatch/shared/schemas/signals';
import { orderSignals, signalsForTicker, type SignalEvaluation } from './build-signals.ts';
import { toSignalSector } from './sectors.ts';

const AS_OF = '2024-03-08';
const t = { ticker: 'AAPL', sector: 'Technology' as const, marketcap: 2_600_000_000_000.4 };
const best = { horizon: 20, mean: 3.12345, profitable_pct: 61.234, profit_loss_ratio: 1.87654 };
const ok: SignalEvaluation = {
  latest: { passesQuality: true, expected: best },
  lastSignalDate: AS_OF,
  lastBarDate: AS_OF,
};

describe('signalsForTicker', () => {
  it('keeps a factor/timeframe only when it fired on the as-of date and passes quality', () => {
    const byCase: Record<string, SignalEvaluation> = {
      'uptrend/daily': ok,
      'uptrend/weekly': { ...ok, latest: { passesQuality: false, expected: best } },
      'momentum/daily': { ...ok, lastSignalDate: '2024-03-07' },
      'momentum/weekly': { ...ok, lastBarDate: '2024-03-01', lastSignalDate: '2024-03-01' },
      'new_high/daily': { ...ok, latest: { passesQuality: true, expected: null } },
      'new_high/weekly': {
        ...ok,
        latest: { passesQuality: true, expected: { ...best, horizon: 4, profit_loss_ratio: null } },
      },
    };
    const rows = signalsForTicker(t, {}, AS_OF, ['uptrend', 'momentum', 'new_high'], (f, tf) => byCase[`${f}/${tf}`]!);
    expect(rows).toEqual([
      {
        date: AS_OF,
        ticker: 'AAPL',
        expected_ret: 3.1235,
        profit_loss_ratio: 1.8765,
        'profitable%': 61.23,
        period: 20,
        timeframe: 'daily',
        factor: 'uptrend',
        sector: 'Technology',
        marketcap: 2_600_000_000_000,
      },
      expect.objectContaining({ factor: 'new_high', timeframe: 'weekly', period: 4, profit_loss_ratio: null }),
    ]);
  });

  it('evaluates each factor on both timeframes with the same inputs object', () => {
    const inputs = { bars: [] };
    const seen: string[] = [];
    signalsForTicker(t, inputs, AS_OF, ['dark_pools', 'roc_curve'], (f, tf, i) => {
      expect(i).toBe(inputs);
      seen.push(`${f}/${tf}`);
      return ok;
    });
    expect(seen).toEqual(['dark_pools/daily', 'dark_pools/weekly', 'roc_curve/daily', 'roc_curve/weekly']);
  });

  it('drops non-finite statistics and maps an infinite profit/loss ratio to null', () => {
    const rows = signalsForTicker(t, {}, AS_OF, ['uptrend'], (_f, tf) =>
      tf === 'daily'
        ? { ...ok, latest: { passesQuality: true, expected: { ...best, mean: Number.NaN } } }
        : { ...ok, latest: { passesQuality: true, expected: { ...best, profit_loss_ratio: Infinity } } },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ timeframe: 'weekly', profit_loss_ratio: null });
  });

  it('orders by expected return, then ticker, factor and timeframe', () => {
    const row = signalsForTicker(t, {}, AS_OF, ['uptrend'], () => ok)[0]!;
    const rows = orderSignals([
      { ...row, ticker: 'B', expected_ret: 1 },
      { ...row, ticker: 'A', expected_ret: 1, timeframe: 'weekly' },
      { ...row, ticker: 'A', expected_ret: 1, timeframe: 'daily' },
      { ...row, ticker: 'Z', expected_ret: 5 },
    ]);
    expect(rows.map((r) => `${r.ticker}/${r.timeframe}`)).toEqual(['Z/daily', 'A/daily', 'A/weekly', 'B/daily']);
  });
});

describe('toSignalSector', () => {
  it('maps the 11 GICS sectors to the spec names', () => {
    expect(
      [
        'Materials',
        'Communication Services',
        'Consumer Discretionary',
        'Consumer Staples',
        'Energy',
        'Financials',
        'Health Care',
        'Industrials',
        'Information Technology',
        'Real Estate',
        'Utilities',
      ].map((s) => toSignalSector('X', s)),
    ).toEqual([...SIGNAL_SECTORS]);
  });

  it('passes spec names through, gives sector ETFs their sector and everything else none', () => {
    expect(toSignalSector('X', 'Healthcare')).toBe('Healthcare');
    expect(toSignalSector('XLK', 'ETF')).toBe('Technology');
    expect(toSignalSector('XLB', 'ETF')).toBe('Basic Materials');
    expect(toSignalSector('SPY', 'ETF')).toBeNull();
    expect(toSignalSector('X', 'Unclassified')).toBeNull();
    expect(toSignalSector('X', 'toString')).toBeNull();
  });
});
