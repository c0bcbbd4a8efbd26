import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { Sp500Dataset } from '@tapewatch/shared/schemas/sp500';
import { apiGet } from '../../../lib/api-client.ts';

export type Sp500RatiosData = ResponseOf<'get_sp500_ratios_data'>;

export function fetchSp500RatiosData(dataset: Sp500Dataset, signal?: AbortSignal): Promise<Sp500RatiosData> {
  return apiGet('get_sp500_ratios_data', { dataset }, { signal });
}

export const sp500RatiosQueryOptions = (dataset: Sp500Dataset) =>
  queryOptions({
    queryKey: ['get_sp500_ratios_data', dataset],
    queryFn: ({ signal }) => fetchSp500RatiosData(dataset, signal),
    // A nightly snapshot of monthly data; the server caches it for 5 minutes.
    staleTime: 5 * 60_000,
    // Keep the previous dataset on screen (under the loader) until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useSp500RatiosData(dataset: Sp500Dataset) {
  return useQuery(sp500RatiosQueryOptions(dataset));
}
