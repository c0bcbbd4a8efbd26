import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import type { DailySeries } from '../../data/daily-series.ts';
import { tradingDaysBetween } from '../../domain/calendar/nyse.ts';
import { isOnStrikeGrid, liquidityOf } from '../../domain/options-market/index.ts';
import { ProviderNotFoundError } from '../http.ts';
import { createDemoProvider } from './demo-provider.ts';

// A year of seeded closes (a 25%-vol random walk) for a stock, an ETF and the VIX index.
const dates = tradingDaysBetween('2023-03-01', '2024-03-08');
function series(start: number, dailyVolume: number, seed: number): DailySeries {
  let x = start;
  let s = seed;
  const close = dates.map(() => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    x *= Math.exp(0.016 * (s / 2 ** 31 - 0.5) * 3.4);
    return Math.round(x * 100) / 100;
  });
  return { date: [...dates], open: close, high: close, low: close, close, volume: close.map(() => dailyVolume) };
}
const entry = (symbol: string, kind: DirectoryEntry['kind']): DirectoryEntry => ({
  symbol,
  company: symbol,
  sector: '',
  industry: '',
  exchange: 'NASDAQ',
  kind,
  in_sp500: kind === 'stock',
  in_nasdaq100: false,
  shares_outstanding: null,
  shares_outstanding_is_estimate: false,
});
const bars: Record<string, DailySeries> = {
  KLAC: series(690, 1.2e6, 1),
  XLK: series(209, 8e6, 2),
  VIX: series(14, 0, 3),
};
const provider = createDemoProvider({
  directory: async () => [entry('KLAC', 'stock'), entry('XLK', 'etf'), entry('VIX', 'index')],
  series: async (t) => bars[t] ?? { date: [], open: [], high: [], low: [], close: [], volume: [] },
  today: () => '2024-03-08',
});

describe('demo option chains for any optionable ticker', () => {
  it('a stock and an ETF get chains on their own strike grids, for any trading day, cached per ticker and day', async () => {
    for (const [symbol, kind] of [
      ['KLAC', 'stock'],
      ['XLK', 'etf'],
    ] as const) {
      for (const date of ['2023-10-02', '2024-03-08']) {
        const chain = await provider.optionChain(symbol, date);
        expect(chain.skipped).toBe(0);
        expect(chain.rows.length).toBeGreaterThan(100);
        expect(chain.asOf?.slice(0, 10)).toBe(date);
        const s = bars[symbol]!;
        const close = s.close[s.date.lastIndexOf(date)]!;
        expect(chain.underlyingPrice).toBe(close);
        const liquidity = liquidityOf({ symbol, kind, dollarVolume: close * s.volume![0]! });
        expect(chain.rows.every((o) => o.root === symbol && isOnStrikeGrid(o.strike, liquidity))).toBe(true);
        expect(await provider.optionChain(symbol, date)).toBe(chain);
      }
    }
    // Four whole chains: well under a second alone, but the 2-core CI runner is shared.
  }, 30_000);

  it('refuses an index (no listed options in the demo) and a day without a bar', async () => {
    await expect(provider.optionChain('VIX', '2024-03-08')).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(provider.optionChain('KLAC', '2024-03-09')).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(provider.optionChain('NOPE', '2024-03-08')).rejects.toBeInstanceOf(ProviderNotFoundError);
  });
});
