import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import type { DailySeries } from '../../data/daily-series.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { IV_WINDOW_SESSIONS } from '../../domain/volatility/iv-rank.ts';
import { TtlLru } from '../../lib/lru.ts';
import { dataMode } from '../../platform/clock.ts';
import { atmIvHistory, type IvHistory } from '../../providers/demo/atm-iv-history.ts';
import { liveIvHistory } from './live-iv-history.ts';

export interface IvYear {
  ivHistory: IvHistory;
  /** The underlying's daily bars the history was read with (realised volatility uses them). */
  bars: DailySeries;
}

/** Demo: per ticker and chain date, the history reads 252 sessions of the options market (~10-70 ms). */
const demoYears = new TtlLru<IvYear>(64, 600_000);

/**
 * A year of daily ATM IV ending on the chain's day, with the bars it was read with. Demo: the options
 * market's own daily level. Live: the daily ATM IV the atm-iv job stored since the first live day, then the
 * live chain's own (so `wholeChain` is read only in live mode); null when that chain gives no ATM IV.
 */
export async function ivYearOf(
  entry: DirectoryEntry,
  date: string,
  wholeChain: () => Promise<OptionChain>,
): Promise<IvYear | null> {
  // Two calendar years before the chain's year: a year of IV, each from the 63 sessions before it.
  const fromYear = Number(date.slice(0, 4)) - 2;
  if (dataMode() === 'live') {
    const [bars, ivHistory] = await Promise.all([
      cachedSeries(entry.symbol, fromYear),
      wholeChain().then((chain) => liveIvHistory(chain, fromYear)),
    ]);
    return ivHistory && { ivHistory, bars };
  }
  return demoYears.get(`${entry.symbol}|${date}`, async () => {
    const [bars, vix] = await Promise.all([
      cachedSeries(entry.symbol, fromYear),
      entry.symbol === 'SPY' ? cachedSeries('VIX', fromYear) : undefined,
    ]);
    const kind = entry.kind === 'etf' ? 'etf' : 'stock';
    return { ivHistory: atmIvHistory(entry.symbol, kind, bars, date, IV_WINDOW_SESSIONS, vix), bars };
  });
}
