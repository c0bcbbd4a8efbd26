import { describe, expect, it } from 'vitest';
import { parseTickerCsv } from '@tapewatch/shared/watchlists/limits';
import type { OverviewRow } from '../api/get-watchlist-overview.ts';
import { nextOverviewSort, overviewCsv, sortOverview } from './overview-columns.ts';

const row = (ticker: string, change_pct: number | null): OverviewRow => ({
  ticker,
  company: `${ticker} Inc, "the"`,
  sector: 'Tech',
  price: 10,
  change: 1,
  change_pct,
  return_1w: null,
  return_1m: 2,
  dp_position: 1,
  dp_position_dollar: 10,
  si_pct_float: null,
  signal: null,
});

describe('watchlist overview table', () => {
  it('sorts numbers with missing values last, and keeps the list order for "order"', () => {
    const rows = [row('A', 1), row('B', null), row('C', 3)];
    expect(sortOverview(rows, { key: 'change_pct', direction: 'desc' }).map((r) => r.ticker)).toEqual(['C', 'A', 'B']);
    expect(sortOverview(rows, { key: 'change_pct', direction: 'asc' }).map((r) => r.ticker)).toEqual(['A', 'C', 'B']);
    expect(sortOverview(rows, { key: 'order', direction: 'asc' }).map((r) => r.ticker)).toEqual(['A', 'B', 'C']);
  });

  it('cycles a column: numbers start descending, then ascending, then the list order', () => {
    let s = nextOverviewSort({ key: 'order', direction: 'asc' }, 'return_1m');
    expect(s).toEqual({ key: 'return_1m', direction: 'desc' });
    s = nextOverviewSort(s, 'return_1m');
    expect(s).toEqual({ key: 'return_1m', direction: 'asc' });
    expect(nextOverviewSort(s, 'return_1m').key).toBe('order');
    expect(nextOverviewSort(s, 'ticker')).toEqual({ key: 'ticker', direction: 'asc' });
  });

  it('exports CSV whose first column an import reads back', () => {
    const csv = overviewCsv([row('AAPL', 1), row('BRK.B', null)]);
    expect(csv.split('\r\n')[0]).toMatch(/^Ticker,Company,/);
    expect(csv).toContain('"AAPL Inc, ""the"""');
    expect(parseTickerCsv(csv)).toEqual(['AAPL', 'BRK.B']);
  });
});
