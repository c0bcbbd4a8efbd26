import { applyFilters, compileFilters, type FilterInput } from '@tapewatch/shared/flow/filters';
import { keyStats, largestPremiums } from '@tapewatch/shared/flow/key-stats';
import type { FlowTrade, KeyStats, PremiumEntry } from '@tapewatch/shared/schemas/flow';

export {
  emptyFilter,
  filterProblem,
  filtersForServer,
  type FilterEntry,
} from '../../../components/flow/filter-entries.ts';

/** Streamed trades first (newest first), then the loaded list; a trade already loaded is not repeated. */
export function mergeLive(
  base: readonly FlowTrade[],
  streamed: readonly FlowTrade[],
  baseKeys: ReadonlySet<string>,
): readonly FlowTrade[] {
  if (streamed.length === 0) return base;
  const fresh = streamed.filter((t) => !baseKeys.has(t.key));
  return fresh.length === 0 ? base : [...fresh, ...base];
}

export interface FlowView {
  trades: readonly FlowTrade[];
  keyStats: KeyStats;
  calls: PremiumEntry[];
  puts: PremiumEntry[];
}

/**
 * The live list through the browser copy of the filter engine; key stats and the largest
 * premiums are recomputed from what is shown (spec part 2 section 2.5.1).
 */
export function liveView(trades: readonly FlowTrade[], filters: readonly FilterInput[]): FlowView {
  const shown = compileFilters(filters).active === 0 ? trades : applyFilters(trades, filters);
  return {
    trades: shown,
    keyStats: keyStats(shown),
    calls: largestPremiums(shown, 'Call'),
    puts: largestPremiums(shown, 'Put'),
  };
}

/** The watchlist chip as a filter entry: an Equal Ticker filter over the list (the server reads the ticker index). */
export function watchlistFilterEntry(tickers: ReadonlySet<string> | null): FilterInput[] {
  return tickers && tickers.size > 0 ? [{ id: -1, filter: 'Ticker', selector: 'Equal', tickers: [...tickers] }] : [];
}

/**
 * The view limited to a watchlist (live: on the client, the socket stays as it is); key stats and
 * the largest premiums are recomputed from what is left. An empty list shows no trades.
 */
export function withWatchlist(view: FlowView, tickers: ReadonlySet<string> | null): FlowView {
  if (!tickers) return view;
  const shown = view.trades.filter((t) => tickers.has(t.ticker.toUpperCase()));
  return {
    trades: shown,
    keyStats: keyStats(shown),
    calls: largestPremiums(shown, 'Call'),
    puts: largestPremiums(shown, 'Put'),
  };
}
