import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { DarkPoolTopColumn } from '@tapewatch/shared/schemas/dark-pools';
import { apiGet } from '../../../lib/api-client.ts';

export type DarkPoolData = ResponseOf<'get_dark_pool_data'>;
export type MinMax = 'asc' | 'desc';

export function fetchDarkPoolData(top: DarkPoolTopColumn, minmax: MinMax, signal?: AbortSignal): Promise<DarkPoolData> {
  return apiGet('get_dark_pool_data', { top, minmax }, { signal });
}

export const darkPoolDataQueryOptions = (top: DarkPoolTopColumn, minmax: MinMax) =>
  queryOptions({
    queryKey: ['get_dark_pool_data', top, minmax],
    queryFn: ({ signal }) => fetchDarkPoolData(top, minmax, signal),
    // The data changes once a day (6pm New York); the server caches 5 minutes.
    staleTime: 5 * 60_000,
  });

export function useDarkPoolData(top: DarkPoolTopColumn, minmax: MinMax) {
  // Keep the previous table on screen while a button reloads it.
  return useQuery({ ...darkPoolDataQueryOptions(top, minmax), placeholderData: keepPreviousData });
}
