import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryOf, ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * The five Ticker Overview calls (spec part 2 section 7.2). One file: they share the ticker, the
 * gate and the refresh policy, and differ only in name (and the intraday interval).
 */
type TickerRoute =
  | 'get_options_flow_ticker_metrics_1d_data'
  | 'get_options_flow_ticker_metrics_data'
  | 'get_options_flow_seasonality_data'
  | 'get_options_flow_latest_trades_data';

export type TickerMetrics1dData = ResponseOf<'get_options_flow_ticker_metrics_1d_data'>;
export type TickerMetrics5dData = ResponseOf<'get_options_flow_ticker_metrics_data'>;
export type SeasonalityData = ResponseOf<'get_options_flow_seasonality_data'>;
export type LatestTradesData = ResponseOf<'get_options_flow_latest_trades_data'>;
export type IntradayPremiumsData = ResponseOf<'get_options_flow_intraday_premiums_data'>;
export type IntervalCode = '0' | '1' | '2';

/** Today's numbers move with the live flow; a minute keeps revisits instant without going stale for long. */
const STALE_MS = 60_000;

export function tickerQueryOptions<N extends TickerRoute>(name: N, ticker: string) {
  return queryOptions({
    queryKey: [name, ticker],
    queryFn: ({ signal }) => apiGet(name, { ticker } as QueryOf<N>, { signal }) as Promise<ResponseOf<N>>,
    staleTime: STALE_MS,
    retry: false,
  });
}

export function intradayQueryOptions(ticker: string, interval: IntervalCode) {
  return queryOptions({
    queryKey: ['get_options_flow_intraday_premiums_data', ticker, interval],
    queryFn: ({ signal }) => apiGet('get_options_flow_intraday_premiums_data', { ticker, interval }, { signal }),
    staleTime: STALE_MS,
    retry: false,
  });
}

// A new ticker or interval keeps the previous answer on screen under the loading overlay, so the
// charts (and an open data table) do not blink away while the next one loads.
export function useTickerData<N extends TickerRoute>(name: N, ticker: string, enabled: boolean) {
  return useQuery({ ...tickerQueryOptions(name, ticker), enabled, placeholderData: keepPreviousData });
}

export function useIntradayPremiums(ticker: string, interval: IntervalCode, enabled: boolean) {
  return useQuery({ ...intradayQueryOptions(ticker, interval), enabled, placeholderData: keepPreviousData });
}
