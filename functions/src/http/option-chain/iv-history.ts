import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import type { DailySeries } from '../../data/daily-series.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { IV_WINDOW_SESSIONS } from '../../domain/volatility/iv-rank.ts';
import { TtlLru } from '../../lib/lru.ts';
import { dataMode } from '../../platform/clock.ts';
import { atmIvHistory, type IvHistory } from '../../providers/demo/atm-iv-history.ts';

export interface IvYear {
  ivHistory: IvHistory;
  /** The underlying's daily bars the history was read with (realised volatility uses them). */
  bars: DailySeries;
}

/** Per ticker and chain date: the history reads 252 sessions of the options market (~10-70 ms). */
const years = new TtlLru<IvYear>(64, 600_000);

/**
 * The IV history is the demo options market's: live mode would need a year of stored daily ATM IV,
 * which no job collects yet (issue 38, item 5).
 */
export const ivHistoryAvailable = (): boolean => dataMode() !== 'live';

/** A year of daily ATM IV ending on `date` (the chain's), with the bars it was read with. */
export function ivYearOf(entry: DirectoryEntry, date: string): Promise<IvYear> {
  return years.get(`${entry.symbol}|${date}`, async () => {
    // Two calendar years before the chain's year: a year of IV, each from the 63 sessions before it.
    const fromYear = Number(date.slice(0, 4)) - 2;
    const [bars, vix] = await Promise.all([
      cachedSeries(entry.symbol, fromYear),
      entry.symbol === 'SPY' ? cachedSeries('VIX', fromYear) : undefined,
    ]);
    const kind = entry.kind === 'etf' ? 'etf' : 'stock';
    return { ivHistory: atmIvHistory(entry.symbol, kind, bars, date, IV_WINDOW_SESSIONS, vix), bars };
  });
}
