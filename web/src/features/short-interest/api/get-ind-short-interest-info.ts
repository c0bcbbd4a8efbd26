import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type IndShortInterestInfo = ResponseOf<'get_ind_short_interest_info'>;

export function fetchIndShortInterestInfo(ticker: string, signal?: AbortSignal): Promise<IndShortInterestInfo> {
  return apiGet('get_ind_short_interest_info', { ticker }, { signal });
}

export function indShortInterestInfoQueryOptions(ticker: string) {
  return queryOptions({
    queryKey: ['get_ind_short_interest_info', ticker],
    queryFn: ({ signal }) => fetchIndShortInterestInfo(ticker, signal),
    enabled: ticker !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useIndShortInterestInfo(ticker: string) {
  return useQuery(indShortInterestInfoQueryOptions(ticker));
}
