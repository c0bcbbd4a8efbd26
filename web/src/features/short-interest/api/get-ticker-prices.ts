import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { PRICE_HISTORY_WINDOW } from '@tapewatch/shared/constants';
import { apiGet } from '../../../lib/api-client.ts';

export type TickerPrices = ResponseOf<'get_ticker_prices'>;

/** The chart's price line: the spec's 252 closed sessions. */
export function fetchTickerPrices(ticker: string, signal?: AbortSignal): Promise<TickerPrices> {
  return apiGet('get_ticker_prices', { ticker, window: PRICE_HISTORY_WINDOW, closed: 'true' }, { signal });
}

export function tickerPricesQueryOptions(ticker: string) {
  return queryOptions({
    queryKey: ['get_ticker_prices', ticker, PRICE_HISTORY_WINDOW, true],
    queryFn: ({ signal }) => fetchTickerPrices(ticker, signal),
    enabled: ticker !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useTickerPrices(ticker: string) {
  return useQuery(tickerPricesQueryOptions(ticker));
}
