import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type IndShortInterest = ResponseOf<'get_ind_short_interest'>;

export function fetchIndShortInterest(ticker: string, signal?: AbortSignal): Promise<IndShortInterest> {
  return apiGet('get_ind_short_interest', { ticker }, { signal });
}

export function indShortInterestQueryOptions(ticker: string) {
  return queryOptions({
    queryKey: ['get_ind_short_interest', ticker],
    queryFn: ({ signal }) => fetchIndShortInterest(ticker, signal),
    enabled: ticker !== '',
    staleTime: 5 * 60_000,
    // A 404 (unknown or non-NASDAQ ticker) will not change on retry.
    retry: false,
  });
}

export function useIndShortInterest(ticker: string) {
  return useQuery(indShortInterestQueryOptions(ticker));
}
