import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useWatchlists, type Watchlist } from './watchlist-api.ts';

export const WATCHLIST_PARAM = 'watchlist';

export interface WatchlistFilter {
  /** The list chosen in the URL (`?watchlist=<id>`), or null for no filter. */
  listId: string | null;
  list: Watchlist | null;
  /** The chosen list's tickers; null when no list is chosen (or it is not loaded yet). */
  tickers: ReadonlySet<string> | null;
  lists: readonly Watchlist[];
  loggedIn: boolean;
  setListId: (id: string | null) => void;
  /** True when a list is chosen and the ticker is on it. */
  has: (ticker: string) => boolean;
}

/**
 * The watchlist filter of a screen lives in the URL so a filtered view can be bookmarked or shared;
 * changing it replaces the history entry and keeps the other parameters.
 */
export function useWatchlistFilter(): WatchlistFilter {
  const [params, setParams] = useSearchParams();
  const { lists, loggedIn } = useWatchlists();
  const listId = params.get(WATCHLIST_PARAM);
  const list = (listId && lists.find((l) => l.id === listId)) || null;
  const tickers = useMemo(() => (list ? new Set(list.tickers) : null), [list]);
  const setListId = useCallback(
    (id: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(WATCHLIST_PARAM, id);
          else next.delete(WATCHLIST_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const has = useCallback((ticker: string) => tickers?.has(ticker.toUpperCase()) ?? false, [tickers]);
  return { listId, list, tickers, lists, loggedIn, setListId, has };
}

/** Rows of a table limited to the chosen list (all rows when none is chosen). */
export function filterByWatchlist<T>(
  rows: readonly T[],
  tickers: ReadonlySet<string> | null,
  tickerOf: (row: T) => string,
): T[] {
  if (!tickers) return rows as T[];
  return rows.filter((r) => tickers.has(tickerOf(r).toUpperCase()));
}
