import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { directionStats, firedRows, scanRule, tickerDirections } from './backtest.ts';
import { readRow, rowTrade, toColumns } from './flow-columns.ts';

const day1 = toColumns('2024-01-02', [
  trade({ ticker: 'SPY', date: '2024-01-02', cost_basis: 200 }),
  trade({ ticker: 'AAPL', date: '2024-01-02', cost_basis: 300, exchange: 'CBOE' }),
  trade({ ticker: 'SPY', date: '2024-01-02', cost_basis: 20 }),
]);
const day2 = toColumns('2024-01-03', [trade({ ticker: 'SPY', date: '2024-01-03', cost_basis: 500, ask: null })]);

describe('flow columns', () => {
  it('round-trips every field of a trade, nulls included', () => {
    const original = trade({ ticker: 'QQQ', exchange: null, ask: null, underlying_price: 401.5 });
    const cols = toColumns('2024-01-02', [original]);
    expect(rowTrade(cols, 0)).toEqual(original);
    expect(readRow(cols, 0, {})).toEqual(original);
  });

  it('round-trips the multi-leg conditions the Spread filter reads, and the backtest applies it', () => {
    const leg = trade({ ticker: 'SPY', conditions: [232], order_id: 'o1' });
    const single = trade({ ticker: 'SPY' });
    const cols = toColumns('2024-01-02', [single, leg]);
    expect(rowTrade(cols, 1).conditions).toEqual([232]);
    expect(rowTrade(cols, 0).conditions).toBeUndefined();
    const only = (value: string) => ({
      id: 's',
      userId: 'u',
      name: 's',
      filters: [{ filter: 'Spread' as const, selector: 'Equal' as const, value }],
    });
    expect(firedRows(cols, only('Yes'))).toEqual([1]);
    expect(firedRows(cols, only('No'))).toEqual([0]);
  });

  it('groups rows by ticker', () => {
    expect(day1.tickerRows.get('SPY')).toEqual([1, 3]);
    expect(day1.tickerRows.get('AAPL')).toEqual([0, 1]);
  });
});

describe('alert backtest', () => {
  const rule = {
    id: 'r',
    userId: 'u',
    name: 'r',
    filters: [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '100' }],
  };

  it('counts fires per day and the caught prints by direction', () => {
    const scan = scanRule([day1, day2], rule);
    expect(scan.perDay).toEqual([
      { date: '2024-01-02', fires: 2 },
      { date: '2024-01-03', fires: 1 },
    ]);
    expect(scan.fired).toBe(3);
    expect(scan.scanned).toBe(4);
    // The fixture's prints are calls at the ask (bought, bullish), except day 2's without an ask (unknown side).
    expect(scan.caught.get('SPY')).toEqual(new Map([['2024-01-02', [1, 0]]]));
    expect(scan.caught.get('AAPL')).toEqual(new Map([['2024-01-02', [1, 0]]]));
    expect(firedRows(day1, rule)).toEqual([0, 1]);
  });

  it('reads only the rows of the tickers a rule names', () => {
    const scan = scanRule([day1, day2], {
      ...rule,
      filters: [...rule.filters, { filter: 'Ticker', selector: 'Equal', tickers: ['AAPL'] }],
    });
    expect(scan.scanned).toBe(1);
    expect(scan.fired).toBe(1);
  });
});

describe('backtest direction', () => {
  // Three days of XYZ: up 10% after the first, down 10% after the second.
  const series = { date: ['2024-01-02', '2024-01-03', '2024-01-04'], close: [100, 110, 99] };
  const day = (date: string) =>
    toColumns(date, [
      // Bought calls (at the ask) and sold puts (at the bid): bullish.
      trade({ ticker: 'XYZ', date, put_call: 'Call', price: 1.1, ask: 1.1, bid: 1, cost_basis: 500 }),
      trade({ ticker: 'XYZ', date, put_call: 'Put', price: 1, ask: 1.1, bid: 1, cost_basis: 500 }),
      // Bought puts and sold calls: bearish.
      trade({ ticker: 'XYZ', date, put_call: 'Put', price: 1.1, ask: 1.1, bid: 1, cost_basis: 300 }),
      trade({ ticker: 'XYZ', date, put_call: 'Call', price: 1, ask: 1.1, bid: 1, cost_basis: 300 }),
      // At the mid: no side, in neither.
      trade({ ticker: 'XYZ', date, put_call: 'Call', price: 1.05, ask: 1.1, bid: 1, cost_basis: 300 }),
    ]);
  const days = [day('2024-01-02'), day('2024-01-03')];
  const bullish = {
    ...rule('bull'),
    filters: [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '400' }],
  };
  const bearish = {
    ...rule('bear'),
    filters: [{ filter: 'Premium' as const, selector: 'Smaller than' as const, value: '400' }],
  };

  it('a bullish rule reports how often the underlying rose', () => {
    const d1 = directionStats(scanRule(days, bullish).caught, () => series, 1);
    expect(d1).toEqual({ bullish: { prints: 4, rose: 0.5 }, bearish: { prints: 0, fell: null }, hit: 0.5 });
  });

  it('a bearish rule reports how often the underlying fell', () => {
    const scan = scanRule(days, bearish);
    expect(scan.fired).toBe(6);
    const d1 = directionStats(scan.caught, () => series, 1);
    expect(d1).toEqual({ bullish: { prints: 0, rose: null }, bearish: { prints: 4, fell: 0.5 }, hit: 0.5 });
    // Only the fall after the second day: a bearish rule on that day alone is always right.
    expect(directionStats(scanRule([days[1]!], bearish).caught, () => series, 1).bearish).toEqual({
      prints: 2,
      fell: 1,
    });
  });

  it('the baseline counts every sided print of the tickers; days without a close that far ahead are left out', () => {
    const base = directionStats(tickerDirections(days, ['XYZ']), () => series, 1);
    expect(base).toEqual({ bullish: { prints: 4, rose: 0.5 }, bearish: { prints: 4, fell: 0.5 }, hit: 0.5 });
    expect(directionStats(tickerDirections(days, ['XYZ']), () => series, 5).hit).toBeNull();
  });
});

function rule(id: string) {
  return { id, userId: 'u', name: id, filters: [] };
}
