import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from '../table/table-logic.ts';
import { topPremiumBars, formatPremiumTick } from './flow-chart-data.ts';
import {
  defaultFlowSort,
  flowPage,
  FLOW_COLUMNS,
  formatPremium,
  formatScore,
  scoreBarPercent,
  visibleFlowColumns,
} from './flow-table-logic.ts';
import { trade } from './test-trades.ts';

const col = (id: string) => FLOW_COLUMNS.find((c) => c.id === id)!;
const ids = (width: number, live = false) => visibleFlowColumns(width, live).map((c) => c.id);

describe('flow table formatting', () => {
  it('shows premiums as whole thousands with $ and K', () => {
    expect(formatPremium(1234.6)).toBe('$1,235K');
    expect(formatPremium(41.3)).toBe('$41K');
    expect(formatPremium(0)).toBe('$0K');
  });
  it('shows the score with two decimals and a clamped bar', () => {
    expect(formatScore(0.6439)).toBe('0.64');
    expect(formatScore(1)).toBe('1.00');
    expect(scoreBarPercent(0.6439)).toBe(64);
    expect(scoreBarPercent(1.7)).toBe(100);
    expect(scoreBarPercent(-0.2)).toBe(0);
  });
  it('labels premium axes in K, M and B', () => {
    expect(formatPremiumTick(250)).toBe('$250K');
    expect(formatPremiumTick(1500)).toBe('$1.5M');
    expect(formatPremiumTick(-40)).toBe('-$40K');
    expect(formatPremiumTick(2_000_000)).toBe('$2B');
    expect(formatPremiumTick(0)).toBe('$0');
  });
});

describe('flow table column tiers (spec 2.5.2)', () => {
  const all = [
    'date',
    'time',
    'ticker',
    'put_call',
    'strike',
    'dte',
    'fill',
    'price',
    'size',
    'type',
    'oi',
    'volume',
    'voloi',
    'ivdelta',
    'score',
    'premium',
  ];
  it('shows every column from 1600 px, IV · Δ only there', () => {
    expect(ids(1600)).toEqual(all);
    expect(ids(1599)).toEqual(all.filter((c) => c !== 'ivdelta'));
    expect(ids(1350)).toEqual(all.filter((c) => c !== 'ivdelta'));
  });
  it('hides Fill and IV · Δ between 1250 and 1350 px', () => {
    expect(ids(1349)).toEqual(all.filter((c) => c !== 'fill' && c !== 'ivdelta'));
    expect(ids(1250)).toEqual(all.filter((c) => c !== 'fill' && c !== 'ivdelta'));
  });
  it('hides Fill, DTE, OI, Volume and Vol/OI between 850 and 1250 px', () => {
    expect(ids(1249)).toEqual([
      'date',
      'time',
      'ticker',
      'put_call',
      'strike',
      'price',
      'size',
      'type',
      'score',
      'premium',
    ]);
    expect(ids(850)).toEqual(ids(1249));
  });
  it('also hides Price, Size, Type and Score under 850 px', () => {
    expect(ids(849)).toEqual(['date', 'time', 'ticker', 'put_call', 'strike', 'premium']);
  });
  it('hides Date in live mode', () => {
    expect(ids(1600, true)).toEqual(all.filter((c) => c !== 'date'));
  });
});

describe('flow table sorting', () => {
  const rows = [
    trade({ key: 'a', ticker: 'TSLA', time: '09:45:00', strike_price: 180, date: '2024-03-07' }),
    trade({ key: 'b', ticker: 'aapl', time: '15:10:00', strike_price: 170 }),
    trade({ key: 'c', ticker: 'NVDA', time: '11:00:00', strike_price: 900 }),
  ];
  const keys = (sorted: { key: string }[]) => sorted.map((t) => t.key);

  it('sorts numeric columns ascending first, then toggles', () => {
    const first = nextSort(null, col('strike'));
    expect(first).toEqual({ columnId: 'strike', direction: 'asc' });
    expect(keys(sortRows(rows, FLOW_COLUMNS, first))).toEqual(['b', 'a', 'c']);
    const second = nextSort(first, col('strike'));
    expect(keys(sortRows(rows, FLOW_COLUMNS, second))).toEqual(['c', 'a', 'b']);
  });
  it('sorts text columns alphabetically ignoring case, then toggles', () => {
    const first = nextSort(null, col('ticker'));
    expect(keys(sortRows(rows, FLOW_COLUMNS, first))).toEqual(['b', 'c', 'a']);
    expect(nextSort(first, col('ticker')).direction).toBe('desc');
  });
  it('starts the time column descending', () => {
    const first = nextSort({ columnId: 'ticker', direction: 'asc' }, col('time'));
    expect(first).toEqual({ columnId: 'time', direction: 'desc' });
    expect(keys(sortRows(rows, FLOW_COLUMNS, first))).toEqual(['b', 'c', 'a']);
  });
  it('defaults to the initial column descending: date with time (historical) or time (live)', () => {
    expect(defaultFlowSort(false)).toEqual({ columnId: 'date', direction: 'desc' });
    expect(defaultFlowSort(true)).toEqual({ columnId: 'time', direction: 'desc' });
    // The 2024-03-07 trade is oldest even though its time is not the earliest of the list.
    expect(keys(sortRows(rows, FLOW_COLUMNS, defaultFlowSort(false)))).toEqual(['b', 'c', 'a']);
  });
});

describe('flow table pages', () => {
  const many = Array.from({ length: 29 }, (_, i) => trade({ key: `k${i}` }));
  it('pads short pages with blanks to 12 rows', () => {
    expect(flowPage(many.slice(0, 5), 1)).toMatchObject({ blanks: 7, page: 1, pageCount: 1 });
    expect(flowPage([], 1)).toMatchObject({ rows: [], blanks: 12, pageCount: 1 });
  });
  it('splits into 12-row pages and clamps the page number', () => {
    expect(flowPage(many, 1).rows.map((t) => t.key)).toEqual(many.slice(0, 12).map((t) => t.key));
    expect(flowPage(many, 3)).toMatchObject({ blanks: 7, page: 3, pageCount: 3 });
    expect(flowPage(many, 9).page).toBe(3);
  });
});

describe('top premium bars', () => {
  it('orders by cost basis and pads to 30 blank bars', () => {
    const bars = topPremiumBars([
      { ticker: 'AAPL', costBasis: 20 },
      { ticker: 'SPY', costBasis: 90 },
      { ticker: 'MSFT', costBasis: 20 },
    ]);
    expect(bars).toHaveLength(30);
    expect(bars.slice(0, 4)).toEqual([
      { ticker: 'SPY', costBasis: 90 },
      { ticker: 'AAPL', costBasis: 20 },
      { ticker: 'MSFT', costBasis: 20 },
      { ticker: '', costBasis: 0 },
    ]);
  });
  it('keeps only the 30 largest', () => {
    const entries = Array.from({ length: 40 }, (_, i) => ({ ticker: `T${i}`, costBasis: i }));
    const bars = topPremiumBars(entries);
    expect(bars).toHaveLength(30);
    expect(bars[0]).toEqual({ ticker: 'T39', costBasis: 39 });
    expect(bars[29]).toEqual({ ticker: 'T10', costBasis: 10 });
  });
});
