import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../lib/api-client.ts';

export type TickerInfo = ResponseOf<'get_ticker_info'>;

export function fetchTickerInfo(ticker: string, signal?: AbortSignal): Promise<TickerInfo> {
  return apiGet('get_ticker_info', { ticker }, { signal });
}

export function tickerInfoQueryOptions(ticker: string) {
  return queryOptions({
    queryKey: ['get_ticker_info', ticker],
    queryFn: ({ signal }) => fetchTickerInfo(ticker, signal),
    enabled: ticker !== '',
    // A quote is worth refreshing when the user comes back to it after a minute.
    staleTime: 60_000,
  });
}

export function useTickerInfo(ticker: string) {
  return useQuery(tickerInfoQueryOptions(ticker));
}
