import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type DarkPoolIndividualData = ResponseOf<'get_dark_pool_individual_data'>;

export function fetchDarkPoolIndividualData(ticker: string, signal?: AbortSignal): Promise<DarkPoolIndividualData> {
  return apiGet('get_dark_pool_individual_data', { ticker }, { signal });
}

export const darkPoolIndividualQueryOptions = (ticker: string) =>
  queryOptions({
    queryKey: ['get_dark_pool_individual_data', ticker],
    queryFn: ({ signal }) => fetchDarkPoolIndividualData(ticker, signal),
    staleTime: 5 * 60_000,
    // An unknown ticker answers 404 with an alert; retrying would show the alert again.
    retry: false,
  });

export function useDarkPoolIndividualData(ticker: string) {
  return useQuery(darkPoolIndividualQueryOptions(ticker));
}
