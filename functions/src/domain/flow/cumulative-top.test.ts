import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { byStrike, historicalPremium, lookbackDays, tickerSector, topPremiums } from './cumulative-top.ts';
import { summarizeDay } from './day-summary.ts';
import { trade } from './test-trade.ts';

const d1 = summarizeDay('2024-03-06', [
  trade({
    date: '2024-03-06',
    ticker: 'SPY',
    cost_basis: 100,
    size: 10,
    strike_price: 500,
    // Expired before the last day: the largest SPY print, but no page to open.
    date_expiration: '2024-03-07',
    time: '10:00:00',
    underlying_price: 505,
  }),
  trade({
    date: '2024-03-06',
    ticker: 'SPY',
    put_call: 'Put',
    cost_basis: 40,
    size: 4,
    strike_price: 490,
    time: '15:00:00',
    underlying_price: 507.5,
  }),
  trade({ date: '2024-03-06', ticker: 'AAPL', cost_basis: 30, size: 3, strike_price: 180 }),
]);
const d2 = summarizeDay('2024-03-07', [
  trade({ date: '2024-03-07', ticker: 'SPY', cost_basis: 10, size: 1, strike_price: 500, underlying_price: 510 }),
  trade({
    date: '2024-03-07',
    ticker: 'SPY',
    put_call: 'Put',
    cost_basis: 90,
    size: 9,
    strike_price: 500,
    underlying_price: 509,
    time: '11:00:00',
  }),
  trade({ date: '2024-03-07', ticker: 'XLK', put_call: 'Put', cost_basis: 25, size: 2 }),
  trade({ date: '2024-03-07', ticker: 'MSFT', cost_basis: 5, size: 1 }),
]);
const today = summarizeDay('2024-03-08', [
  trade({ ticker: 'AAPL', put_call: 'Put', cost_basis: 12.5, size: 1 }),
  trade({ ticker: 'ZZZZ', cost_basis: 7 }),
]);
const full = [d2, d1]; // newest first, as loadFlowDays gives them

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
const directory = new Map<string, DirectoryEntry>([
  ['SPY', entry('SPY', 'etf', 'ETF')],
  ['XLK', entry('XLK', 'etf', 'ETF')],
  ['AAPL', entry('AAPL', 'stock', 'Information Technology')],
  ['MSFT', entry('MSFT', 'stock', 'Information Technology')],
]);

describe('cumulative stats and top premiums', () => {
  it('lookback N takes the newest N days with flow, today first, oldest first in the answer', () => {
    expect(lookbackDays(today, full, 2).map((d) => d.date)).toEqual(['2024-03-07', '2024-03-08']);
    expect(lookbackDays(null, full, 2).map((d) => d.date)).toEqual(['2024-03-06', '2024-03-07']);
    expect(lookbackDays(today, full, 40)).toHaveLength(3);
  });

  it('sums premiums per day and cumulatively; price is the underlying at the last trade', () => {
    const h = historicalPremium('SPY', lookbackDays(today, full, 3), 3);
    expect(h.dates).toEqual(['2024-03-06', '2024-03-07']); // no SPY flow today
    expect(h.from).toBe('2024-03-06');
    expect(h.to).toBe('2024-03-08');
    expect(h.prices).toEqual([507.5, 509]);
    expect(h.call_premiums).toEqual([100, 10]);
    expect(h.put_premiums).toEqual([40, 90]);
    expect(h.net_premiums).toEqual([60, -80]);
    expect(h.cum_call_premiums).toEqual([100, 110]);
    expect(h.cum_put_premiums).toEqual([40, 130]);
    expect(h.cum_net_premiums).toEqual([60, -20]);
    expect(historicalPremium('QQQ', lookbackDays(today, full, 3), 3).dates).toEqual([]);
  });

  it('adds strike rows over the days, strikes ascending', () => {
    const s = byStrike('SPY', full, 2);
    expect(s.strike_price).toEqual([490, 500]);
    expect(s.call_premiums).toEqual([0, 110]);
    expect(s.put_premiums).toEqual([40, 90]);
    expect(s.call_size).toEqual([0, 11]);
    expect(s.put_size).toEqual([4, 9]);
    expect(byStrike('SPY', lookbackDays(today, full, 1), 1).strike_price).toEqual([]);
  });

  it('classifies sectors: ETFs are Financials but not counted, SPDRs count to their sector, unknown is Unclassified', () => {
    expect(tickerSector('SPY', directory.get('SPY'))).toEqual({ sector: 'Financials', counts: false });
    expect(tickerSector('XLK', directory.get('XLK'))).toEqual({ sector: 'Information Technology', counts: true });
    expect(tickerSector('AAPL', directory.get('AAPL'))).toEqual({ sector: 'Information Technology', counts: true });
    expect(tickerSector('ZZZZ', undefined)).toEqual({ sector: 'Unclassified', counts: false });
    expect(tickerSector('VIX', entry('VIX', 'index', 'Index'))).toEqual({ sector: 'Index', counts: false });
    expect(tickerSector('ABC', entry('ABC', 'stock', 'Unclassified'))).toEqual({
      sector: 'Unclassified',
      counts: false,
    });
  });

  it('ranks tickers by net and totals sectors and the put/call sum', () => {
    const t = topPremiums(lookbackDays(today, full, 3), 3, directory);
    expect(t.by_ticker).toEqual(
      [
        {
          ticker: 'SPY',
          calls: 110,
          puts: 130,
          net: -20,
          sector: 'Financials',
          top_contract: { symbol: 'SPY240315P00500000', cost_basis: 90 },
        },
        {
          ticker: 'ZZZZ',
          calls: 7,
          puts: 0,
          net: 7,
          sector: 'Unclassified',
          top_contract: { symbol: 'ZZZZ240315C00500000', cost_basis: 7 },
        },
        {
          ticker: 'MSFT',
          calls: 5,
          puts: 0,
          net: 5,
          sector: 'Information Technology',
          top_contract: { symbol: 'MSFT240315C00500000', cost_basis: 5 },
        },
        {
          ticker: 'AAPL',
          calls: 30,
          puts: 12.5,
          net: 17.5,
          sector: 'Information Technology',
          top_contract: { symbol: 'AAPL240315C00180000', cost_basis: 30 },
        },
        {
          ticker: 'XLK',
          calls: 0,
          puts: 25,
          net: -25,
          sector: 'Information Technology',
          top_contract: { symbol: 'XLK240315P00500000', cost_basis: 25 },
        },
      ].sort((a, b) => b.net - a.net),
    );
    // IT = AAPL + MSFT + XLK; SPY (an index ETF) and ZZZZ (no sector) stay out.
    expect(t.sectors.calls).toEqual([{ name: 'Information Technology', value: 35 }]);
    expect(t.sectors.puts).toEqual([{ name: 'Information Technology', value: 37.5 }]);
    expect(t.sectors.net).toEqual([{ name: 'Information Technology', value: -2.5 }]);
    expect(t.sum).toEqual({ calls: 152, puts: 167.5 });
    expect(topPremiums(lookbackDays(today, full, 1), 1, directory).by_ticker.map((r) => r.ticker)).toEqual([
      'ZZZZ',
      'AAPL',
    ]);
    expect(t.days).toBe(3);
    // More days asked than stored: the answer counts the days it really summed.
    const all = lookbackDays(today, full, 100);
    expect(topPremiums(all, 100, directory)).toMatchObject({ lookback: 100, days: all.length });
    expect(all.length).toBeLessThan(100);
  });
});
