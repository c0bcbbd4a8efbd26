import { atm30Of } from '../../domain/options-market/index.ts';
import { underlyingDayFrom, type Bars } from './underlying-day.ts';

export interface IvHistory {
  date: string[];
  /** 30-day at-the-money implied volatility of each session's options market (CBOE's "iv30"). */
  atmIv: number[];
}

/**
 * The demo's daily ATM IV: each session's options market anchors its surface at this 30-day level
 * (surface.ts), so the history is the same model the chains are priced on, read for every session of
 * the underlying's bundled history up to `to` (the last `sessions` of them). SPY's follows the VIX.
 */
export function atmIvHistory(
  symbol: string,
  kind: 'stock' | 'etf',
  bars: Bars,
  to: string,
  sessions: number,
  vix?: Bars,
): IvHistory {
  const end = bars.date.findLastIndex((d) => d <= to);
  const vixAt = new Map(vix ? vix.date.map((d, i) => [d, vix.close[i]!]) : []);
  const out: IvHistory = { date: [], atmIv: [] };
  for (let i = Math.max(1, end - sessions + 1); i <= end; i++) {
    const date = bars.date[i]!;
    const u = underlyingDayFrom(symbol, kind, bars, date, vixAt.get(date));
    if (!u) continue;
    out.date.push(date);
    out.atmIv.push(atm30Of(u));
  }
  return out;
}
