import type { DailySeries } from '../../data/timeseries-repository.ts';
import { contractMark, intrinsic, type PrintContract } from '../../domain/alerts/print-outcomes.ts';
import { optionsMarket, type OptionsMarket } from '../../domain/options-market/index.ts';
import { underlyingDayFrom } from '../../providers/demo/underlying-day.ts';

/** The P&L horizons in trading days: the contract is marked at the close that many sessions after the print's day. */
export const PNL_HORIZONS = [1, 5, 20] as const;

/**
 * Marks contracts on later days with the options market model, from each name's daily bars (and
 * VIX, which SPY's surface follows): one market per name and day, built when first asked for.
 */
export function contractMarker(
  seriesOf: (ticker: string) => DailySeries | null,
  kindOf: (ticker: string) => 'stock' | 'etf',
  vix: DailySeries | null,
) {
  const markets = new Map<string, OptionsMarket | null>();
  const vixAt = vix ? new Map(vix.date.map((d, i) => [d, vix.close[i]!])) : new Map<string, number>();
  const marketOn = (ticker: string, s: DailySeries, date: string): OptionsMarket | null => {
    const key = `${ticker}#${date}`;
    if (!markets.has(key)) {
      const u = underlyingDayFrom(ticker, kindOf(ticker), s, date, vixAt.get(date));
      markets.set(key, u && u.close > 0 ? optionsMarket(u, 0) : null);
    }
    return markets.get(key)!;
  };
  /**
   * The contract's mark `horizon` sessions after `date`: the model's mid at that close, or its
   * intrinsic value at the close of its expiry when it expires first; null when that close is not
   * in the history yet.
   */
  return (ticker: string, date: string, c: PrintContract, horizon: number): number | null => {
    const s = seriesOf(ticker);
    if (!s) return null;
    const i = s.date.indexOf(date);
    if (i < 0) return null;
    const j = i + horizon;
    if (j < s.date.length && s.date[j]! < c.date_expiration) {
      const m = marketOn(ticker, s, s.date[j]!);
      return m ? contractMark(m, c) : null;
    }
    if (c.date_expiration > s.date.at(-1)!) return null;
    let k = Math.min(j, s.date.length - 1);
    while (k > i && s.date[k]! > c.date_expiration) k -= 1;
    return intrinsic(c, s.close[k]!);
  };
}
