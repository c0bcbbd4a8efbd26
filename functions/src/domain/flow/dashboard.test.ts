import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import {
  dashboardDays,
  highOiLeaps,
  indexMetrics,
  indexQuote,
  largestFlow,
  overAverage,
  sectorInflow,
} from './dashboard.ts';
import { summarizeDay, type DaySummary } from './day-summary.ts';
import { trade } from './test-trade.ts';

const dayOf = (date: string, ...ts: Parameters<typeof trade>[0][]): DaySummary =>
  summarizeDay(
    date,
    ts.map((t) => trade({ date, ...t })),
  );

const entry = (symbol: string, kind: DirectoryEntry['kind'], sector: string): DirectoryEntry => ({
  symbol,
  company: symbol,
  sector,
  industry: '',
  exchange: 'X',
  kind,
  in_sp500: false,
  in_nasdaq100: false,
  shares_outstanding: null,
  shares_outstanding_is_estimate: false,
});

describe('dashboard days', () => {
  const days = Array.from({ length: 25 }, (_, i) =>
    dayOf(`2024-02-${String(i + 1).padStart(2, '0')}`, { ticker: 'SPY' }),
  ).reverse();
  it('the day is today once it has flow, else the latest day; the week is 5 days ending on it; the average uses the 20 before', () => {
    const today = dayOf('2024-03-08', { ticker: 'SPY' });
    const withToday = dashboardDays(today, days);
    expect(withToday.day?.date).toBe('2024-03-08');
    expect(withToday.week.map((d) => d.date)).toEqual([
      '2024-02-22',
      '2024-02-23',
      '2024-02-24',
      '2024-02-25',
      '2024-03-08',
    ]);
    expect(withToday.before).toHaveLength(20);
    expect(withToday.before[0]!.date).toBe('2024-02-25');
    expect(withToday.before.at(-1)!.date).toBe('2024-02-06');
    const noToday = dashboardDays(null, days);
    expect(noToday.day?.date).toBe('2024-02-25');
    expect(noToday.before[0]!.date).toBe('2024-02-24');
    expect(dashboardDays(null, [])).toEqual({ day: null, week: [], before: [] });
  });
});

describe('index metrics', () => {
  it('sums the day premiums and counts the trades of SPY, QQQ and IWM; an index without flow shows zeros', () => {
    const day = dayOf(
      '2024-03-08',
      { ticker: 'SPY', cost_basis: 100.004 },
      { ticker: 'SPY', cost_basis: 50 },
      { ticker: 'SPY', put_call: 'Put', cost_basis: 30 },
      { ticker: 'QQQ', put_call: 'Put', cost_basis: 12 },
      { ticker: 'AAPL', cost_basis: 999 },
    );
    expect(indexMetrics(day)).toEqual({
      date: '2024-03-08',
      data: [
        { ticker: 'SPY', call_premiums: 150, put_premiums: 30, call_flow: 2, put_flow: 1 },
        { ticker: 'QQQ', call_premiums: 0, put_premiums: 12, call_flow: 0, put_flow: 1 },
        { ticker: 'IWM', call_premiums: 0, put_premiums: 0, call_flow: 0, put_flow: 0 },
      ],
    });
    expect(indexMetrics(null).date).toBeNull();
  });
});

describe('index quote', () => {
  const closes = { date: ['2024-03-06', '2024-03-07', '2024-03-08'], close: [500, 510, 505] };
  it('during a session: the latest flow price against the close before the day', () => {
    expect(indexQuote('SPY', closes, { day: '2024-03-08', price: 512.55 }, 'dividend_adjusted')).toEqual({
      ticker: 'SPY',
      latestPrice: 512.55,
      change: 2.55,
      changePercent: 0.5,
      source: 'flow',
      previousClose: 510,
      close_basis: 'dividend_adjusted',
      asOf: '2024-03-08',
    });
  });
  it('otherwise: the latest close against the one before it', () => {
    const q = indexQuote('QQQ', closes, null, 'as_traded');
    expect(q).toMatchObject({ latestPrice: 505, change: -5, previousClose: 510, source: 'close', asOf: '2024-03-08' });
    expect(q.changePercent).toBeCloseTo((505 / 510 - 1) * 100, 4);
  });
  it('a missing history gives nulls, not NaN', () => {
    expect(indexQuote('IWM', { date: [], close: [] }, null, 'as_traded')).toMatchObject({
      latestPrice: null,
      change: null,
      changePercent: null,
    });
    expect(indexQuote('IWM', { date: ['2024-03-08'], close: [200] }, null, 'as_traded')).toMatchObject({
      latestPrice: 200,
      change: null,
      changePercent: null,
    });
  });
});

describe('largest flow', () => {
  it('merges the days, keeps the largest by premium, and sizes bubbles by area (sqrt of the premium share)', () => {
    const a = dayOf('2024-03-07', {
      ticker: 'NVDA',
      cost_basis: 400,
      strike_price: 900,
      date_expiration: '2024-04-19',
      sentiment: 'Bullish',
    });
    const b = dayOf(
      '2024-03-08',
      {
        ticker: 'TSLA',
        put_call: 'Put',
        cost_basis: 100,
        strike_price: 150,
        date_expiration: '2024-03-15',
        sentiment: 'Bearish',
      },
      { ticker: 'SPY', cost_basis: 25 },
    );
    expect(largestFlow([a, b])).toEqual([
      ['NVDA', 400, 'CALL', 900, '2024-04-19', 'Bullish', 1],
      ['TSLA', 100, 'PUT', 150, '2024-03-15', 'Bearish', 0.5],
      ['SPY', 25, 'CALL', 500, '2024-03-15', 'Bullish', 0.25],
    ]);
    expect(largestFlow([a, b], 1)).toHaveLength(1);
    expect(largestFlow([])).toEqual([]);
  });
});

describe('sector inflow', () => {
  const directory = new Map<string, DirectoryEntry>([
    ['SPY', entry('SPY', 'etf', 'ETF')],
    ['AAPL', entry('AAPL', 'stock', 'Information Technology')],
    ['MSFT', entry('MSFT', 'stock', 'Information Technology')],
    ['XOM', entry('XOM', 'stock', 'Energy')],
  ]);
  it('sums calls and puts per sector, leaves plain ETFs out, counts SPDR sector ETFs, orders by net', () => {
    const day = dayOf(
      '2024-03-08',
      { ticker: 'AAPL', cost_basis: 10 },
      { ticker: 'MSFT', put_call: 'Put', cost_basis: 4 },
      { ticker: 'XOM', put_call: 'Put', cost_basis: 20 },
      { ticker: 'XLE', cost_basis: 5 },
      { ticker: 'SPY', cost_basis: 1000 },
      { ticker: 'ZZZZ', cost_basis: 7 },
    );
    expect(sectorInflow([day], directory)).toEqual({
      sectors: ['Information Technology', 'Energy'],
      calls: [10, 5],
      puts: [4, 20],
      net: [6, -15],
    });
    expect(sectorInflow([], directory)).toEqual({ sectors: [], calls: [], puts: [], net: [] });
  });
});

describe('high OI LEAPS', () => {
  it('the day LEAPS (DTE >= 365) by open interest, highest first', () => {
    const day = dayOf(
      '2024-03-08',
      { ticker: 'AAPL', DTE: 400, open_interest: 10 },
      { ticker: 'MSFT', DTE: 365, open_interest: 30 },
      { ticker: 'NVDA', DTE: 364, open_interest: 99 },
    );
    expect(highOiLeaps(day).map((t) => [t.ticker, t.open_interest])).toEqual([
      ['MSFT', 30],
      ['AAPL', 10],
    ]);
    expect(highOiLeaps(day, 1)).toHaveLength(1);
    expect(highOiLeaps(null)).toEqual([]);
  });
});

describe('over the 20-day average', () => {
  // AAPL: 10 a day for 20 days; today 50 -> 5x. MSFT: 1 on 5 of 20 days (average 0.25); today 2 -> 8x.
  // NEWCO: flow on only 1 earlier day -> not ranked. QQQ puts only -> not in calls.
  const before = Array.from({ length: 20 }, (_, i) => {
    const date = `2024-02-${String(28 - i).padStart(2, '0')}`;
    const ts: Parameters<typeof trade>[0][] = [{ ticker: 'AAPL', cost_basis: 10, size: 3 }];
    if (i < 5) ts.push({ ticker: 'MSFT', cost_basis: 1, size: 1 });
    if (i === 0) ts.push({ ticker: 'NEWCO', cost_basis: 1, size: 1 });
    return dayOf(date, ...ts);
  });
  const day = dayOf(
    '2024-03-08',
    { ticker: 'AAPL', cost_basis: 50, size: 6 },
    { ticker: 'MSFT', cost_basis: 2, size: 1 },
    { ticker: 'NEWCO', cost_basis: 500, size: 90 },
    { ticker: 'QQQ', put_call: 'Put', cost_basis: 9, size: 9 },
  );
  it('ranks by current / average premium, with days without flow counted as zero in the average', () => {
    expect(overAverage(day, before, 'calls', 'premium')).toEqual({
      tickers: ['MSFT', 'AAPL'],
      average: [0.25, 10],
      current: [2, 50],
    });
    expect(overAverage(day, before, 'calls', 'premium', 1).tickers).toEqual(['MSFT']);
    expect(overAverage(day, before, 'puts', 'premium').tickers).toEqual([]);
  });
  it('the size measure compares contracts traded', () => {
    expect(overAverage(day, before, 'calls', 'size')).toEqual({
      tickers: ['MSFT', 'AAPL'],
      average: [0.25, 3],
      current: [1, 6],
    });
  });
  it('no earlier day or no day: nothing to compare', () => {
    expect(overAverage(day, [], 'calls', 'premium').tickers).toEqual([]);
    expect(overAverage(null, before, 'calls', 'premium').tickers).toEqual([]);
  });
});
