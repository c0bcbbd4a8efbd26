import { describe, expect, it } from 'vitest';
import type { DaySummary, TickerDaySummary } from '../flow/day-summary.ts';
import { watchlistFlowRows } from './flow-card.ts';

const side = (premium: number, trades: number) => ({ premium, trades, size: 0, scoreSum: 0 });
const ticker = (t: string, call: number, put: number): TickerDaySummary => ({
  ticker: t,
  calls: side(call, 2),
  puts: side(put, 1),
  strikes: [],
  halfHours: { calls: [], puts: [] },
  firstPrice: null,
  lastPrice: null,
  largest: { symbol: `${t}240315C00100000`, cost_basis: Math.max(call, put) },
});
const day = (date: string, tickers: TickerDaySummary[]): DaySummary => ({
  date,
  tradeCount: 0,
  tickers: Object.fromEntries(tickers.map((t) => [t.ticker, t])),
  largest: [],
  leaps: [],
});

describe('watchlist flow card', () => {
  it('gives the day per listed ticker (net = calls - puts, its largest print) and the premium against the mean of the days before (missing days count 0)', () => {
    const today = day('2024-03-08', [ticker('AAPL', 30, 10), ticker('MSFT', 5, 25)]);
    const before = [day('2024-03-07', [ticker('AAPL', 10, 0)]), day('2024-03-06', [])];
    expect(watchlistFlowRows(today, before, ['AAPL', 'MSFT', 'NVDA'])).toEqual([
      {
        ticker: 'AAPL',
        call_premium: 30,
        put_premium: 10,
        call_trades: 2,
        put_trades: 1,
        premium: 40,
        net_premium: 20,
        largest: { symbol: 'AAPL240315C00100000', cost_basis: 30 },
        avg_premium: 5,
        vs_avg: 8,
      },
      {
        ticker: 'MSFT',
        call_premium: 5,
        put_premium: 25,
        call_trades: 2,
        put_trades: 1,
        premium: 30,
        net_premium: -20,
        largest: { symbol: 'MSFT240315C00100000', cost_basis: 25 },
        avg_premium: 0,
        vs_avg: null,
      },
      {
        ticker: 'NVDA',
        call_premium: 0,
        put_premium: 0,
        call_trades: 0,
        put_trades: 0,
        premium: 0,
        net_premium: 0,
        largest: null,
        avg_premium: 0,
        vs_avg: null,
      },
    ]);
    expect(watchlistFlowRows(null, [], ['AAPL'])[0]!.avg_premium).toBeNull();
  });
});
