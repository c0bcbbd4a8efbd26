import type { WatchlistFlowRow } from '@tapewatch/shared/schemas/watchlists';
import type { DaySummary } from '../flow/day-summary.ts';

const premiumOf = (d: DaySummary, ticker: string): number => {
  const t = d.tickers[ticker];
  return t ? t.calls.premium + t.puts.premium : 0;
};

/**
 * The watchlist flow rows (dashboard card, Watchlist page), in list order: the day's call/put
 * premiums and trades per ticker, their net, its largest print, and its total premium against the
 * mean of the days before (a day without trades counts 0).
 */
export function watchlistFlowRows(
  day: DaySummary | null,
  before: readonly DaySummary[],
  tickers: readonly string[],
): WatchlistFlowRow[] {
  return tickers.map((ticker) => {
    const t = day?.tickers[ticker];
    const premium = t ? t.calls.premium + t.puts.premium : 0;
    const avg = before.length > 0 ? before.reduce((s, d) => s + premiumOf(d, ticker), 0) / before.length : null;
    return {
      ticker,
      call_premium: t?.calls.premium ?? 0,
      put_premium: t?.puts.premium ?? 0,
      call_trades: t?.calls.trades ?? 0,
      put_trades: t?.puts.trades ?? 0,
      premium,
      net_premium: t ? Math.round((t.calls.premium - t.puts.premium) * 100) / 100 : 0,
      largest: t?.largest ?? null,
      avg_premium: avg,
      vs_avg: avg !== null && avg > 0 ? premium / avg : null,
    };
  });
}
