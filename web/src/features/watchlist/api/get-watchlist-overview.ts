import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type WatchlistOverview = ResponseOf<'get_watchlist_overview'>;
export type OverviewRow = WatchlistOverview['rows'][number];

/** Keyed by the list's tickers too, so a star or an import elsewhere refreshes the table. */
export function watchlistOverviewQueryOptions(id: string, tickers: readonly string[], enabled: boolean) {
  return queryOptions({
    queryKey: ['get_watchlist_overview', id, tickers.join(',')],
    queryFn: ({ signal }) => apiGet('get_watchlist_overview', { id }, { signal }),
    enabled,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

export function useWatchlistOverview(id: string, tickers: readonly string[], enabled: boolean) {
  return useQuery(watchlistOverviewQueryOptions(id, tickers, enabled));
}
