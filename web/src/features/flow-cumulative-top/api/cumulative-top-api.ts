import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TOP_PREMIUMS_LOOKBACKS } from '@tapewatch/shared/schemas/flow-cumulative-top';

export type TopLookback = (typeof TOP_PREMIUMS_LOOKBACKS)[number];
import { apiGet } from '../../../lib/api-client.ts';

/**
 * The Cumulative Stats and Top Premiums calls (spec part 2 section 7.2). A new lookback or ticker
 * keeps the previous answer on screen under the loading overlay, so the charts do not blink away.
 */
const STALE_MS = 60_000;

export function useHistoricalPremium(ticker: string, lookback: number, enabled: boolean) {
  return useQuery({
    queryKey: ['get_options_flow_historical_premium_data', ticker, lookback],
    queryFn: ({ signal }) =>
      apiGet('get_options_flow_historical_premium_data', { ticker, lookback: String(lookback) }, { signal }),
    staleTime: STALE_MS,
    retry: false,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useByStrike(ticker: string, lookback: number, enabled: boolean) {
  return useQuery({
    queryKey: ['get_options_flow_by_strike_data', ticker, lookback],
    queryFn: ({ signal }) =>
      apiGet('get_options_flow_by_strike_data', { ticker, lookback: String(lookback) }, { signal }),
    staleTime: STALE_MS,
    retry: false,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTopPremiums(lookback: TopLookback, enabled: boolean) {
  return useQuery({
    queryKey: ['get_options_flow_top_premiums_data', lookback],
    queryFn: ({ signal }) => apiGet('get_options_flow_top_premiums_data', { lookback }, { signal }),
    staleTime: STALE_MS,
    retry: false,
    enabled,
    placeholderData: keepPreviousData,
  });
}
