import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { moveStats, scanRule, tickerDayCounts, weightedSummary } from './backtest.ts';
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

  it('counts fires per day and lists the first trades caught, oldest first', () => {
    const scan = scanRule([day1, day2], rule, 2);
    expect(scan.perDay).toEqual([
      { date: '2024-01-02', fires: 2 },
      { date: '2024-01-03', fires: 1 },
    ]);
    expect(scan.fired).toBe(3);
    expect(scan.scanned).toBe(4);
    expect(scan.trades.map((t) => t.cost_basis)).toEqual([300, 200]);
    expect(scan.caught.get('SPY')).toEqual(
      new Map([
        ['2024-01-02', 1],
        ['2024-01-03', 1],
      ]),
    );
  });

  it('reads only the rows of the tickers a rule names', () => {
    const scan = scanRule(
      [day1, day2],
      { ...rule, filters: [...rule.filters, { filter: 'Ticker', selector: 'Equal', tickers: ['AAPL'] }] },
      100,
    );
    expect(scan.scanned).toBe(1);
    expect(scan.fired).toBe(1);
  });

  it('measures moves from the close of the trade day, weighted by trades, against the baseline', () => {
    const series = { date: ['2024-01-02', '2024-01-03', '2024-01-04'], close: [100, 110, 99] };
    const caught = scanRule([day1, day2], rule, 100).caught;
    // SPY: one caught on 01-02 (+10%), one on 01-03 (-10%); AAPL has no prices.
    const d1 = moveStats(caught, (t) => (t === 'SPY' ? series : null), 1);
    expect(d1.trades).toBe(2);
    expect(d1.median).toBeCloseTo(0, 6);
    expect(d1.positive).toBe(0.5);
    // Baseline: every SPY trade: two on 01-02 (+10%), one on 01-03 (-10%).
    const base = moveStats(tickerDayCounts([day1, day2], ['SPY']), () => series, 1);
    expect(base).toEqual({ trades: 3, median: 10, positive: 0.667 });
    // Five days ahead is past the history: no trades, not zeros.
    expect(moveStats(caught, () => series, 5)).toEqual({ trades: 0, median: null, positive: null });
  });

  it('takes the weighted median', () => {
    expect(
      weightedSummary([
        { move: 1, weight: 1 },
        { move: -2, weight: 3 },
      ]).median,
    ).toBe(-2);
    expect(weightedSummary([])).toEqual({ trades: 0, median: null, positive: null });
  });
});
