import { describe, expect, it } from 'vitest';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../domain/flow/test-trade.ts';
import type { FlowRepository } from './flow-repository.ts';
import { searchFlow, TICKER_PREFETCH } from './flow-search.ts';

/** 300 listed days, NVDA trading on every 10th; counts the ticker-index reads in flight. */
function fakeRepo() {
  const days = Array.from({ length: 300 }, (_, i) =>
    new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  ).reverse();
  const byDay = new Map<string, FlowTrade[]>(
    days.map((d, i) => [
      d,
      i % 10 === 0
        ? [trade({ ticker: 'NVDA', date: d, time: '10:00:00' }), trade({ ticker: 'NVDA', date: d, time: '11:00:00' })]
        : [],
    ]),
  );
  let inFlight = 0;
  let maxInFlight = 0;
  let reads = 0;
  const repo = {
    listDays: async () => days.map((date) => ({ date, trades: 100 })),
    readTickerDay: async (ticker: string, date: string) => {
      reads += 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      const trades = (byDay.get(date) ?? []).filter((t) => t.ticker === ticker);
      return { trades, items: trades.length };
    },
    readDay: async () => {
      throw new Error('an Equal Ticker query reads no whole day');
    },
  } as unknown as FlowRepository;
  return { repo, stats: () => ({ maxInFlight, reads }) };
}

describe('historical search with an Equal Ticker filter', () => {
  const filters = [{ filter: 'Ticker' as const, selector: 'Equal' as const, tickers: ['NVDA'] }];
  it('reads the ticker index many days at a time and still answers newest first', async () => {
    const { repo, stats } = fakeRepo();
    const r = await searchFlow(repo, { start: '2023-01-01', end: '2023-12-31' }, filters);
    expect(r.trades).toHaveLength(60);
    const keys = r.trades.map((t) => `${t.date} ${t.time}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(r.capped).toBe(false);
    expect(stats().reads).toBe(300);
    expect(stats().maxInFlight).toBeGreaterThan(1);
    expect(stats().maxInFlight).toBeLessThanOrEqual(TICKER_PREFETCH);
  });

  it('stops at the row limit, reading at most one prefetch window past it', async () => {
    const { repo, stats } = fakeRepo();
    const r = await searchFlow(repo, { start: '2023-01-01', end: '2023-12-31' }, filters, { rows: 4, scan: 1_000_000 });
    expect(r.trades).toHaveLength(4);
    expect(r.capped).toBe(true);
    expect(stats().reads).toBeLessThanOrEqual(11 + TICKER_PREFETCH);
  });
});
