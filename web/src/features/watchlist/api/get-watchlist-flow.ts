import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type WatchlistFlow = ResponseOf<'get_watchlist_flow'>;
export type FlowRow = WatchlistFlow['rows'][number];

/** Today's flow per ticker of a list (subscribers only: the server refuses anyone else). */
export function watchlistFlowQueryOptions(id: string, tickers: readonly string[], enabled: boolean) {
  return queryOptions({
    queryKey: ['get_watchlist_flow', id, tickers.join(',')],
    queryFn: ({ signal }) => apiGet('get_watchlist_flow', { id }, { signal }),
    enabled,
    staleTime: 15_000,
    placeholderData: (previous) => previous,
  });
}

export function useWatchlistFlow(id: string, tickers: readonly string[], enabled: boolean) {
  return useQuery(watchlistFlowQueryOptions(id, tickers, enabled));
}
