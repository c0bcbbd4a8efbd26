import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type VolatilityDataResponse = ResponseOf<'get_volatility_data'>;

export function fetchVolatilityData(ticker: string, signal?: AbortSignal): Promise<VolatilityDataResponse> {
  return apiGet('get_volatility_data', { ticker }, { signal });
}

export const volatilityQueryOptions = (ticker: string) =>
  queryOptions({
    queryKey: ['get_volatility_data', ticker],
    queryFn: ({ signal }) => fetchVolatilityData(ticker, signal),
    staleTime: 5 * 60_000,
    enabled: ticker !== '',
  });

export function useVolatilityData(ticker: string) {
  return useQuery(volatilityQueryOptions(ticker));
}
