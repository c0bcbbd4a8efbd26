import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../lib/api-client.ts';

export type VolatilitySummary = ResponseOf<'get_volatility_summary'>;

export function fetchVolatilitySummary(ticker: string, signal?: AbortSignal): Promise<VolatilitySummary> {
  return apiGet('get_volatility_summary', { ticker }, { signal });
}

export function volatilitySummaryQueryOptions(ticker: string) {
  return queryOptions({
    queryKey: ['get_volatility_summary', ticker],
    queryFn: ({ signal }) => fetchVolatilitySummary(ticker, signal),
    enabled: ticker !== '',
    // The chain behind it is a delayed snapshot: minutes old is as fresh as it gets.
    staleTime: 5 * 60_000,
  });
}

export function useVolatilitySummary(ticker: string) {
  return useQuery(volatilitySummaryQueryOptions(ticker));
}
