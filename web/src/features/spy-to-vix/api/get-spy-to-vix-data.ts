import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type SpyToVixData = ResponseOf<'get_spy_to_vix_data'>;

export function fetchSpyToVixData(signal?: AbortSignal): Promise<SpyToVixData> {
  return apiGet('get_spy_to_vix_data', {}, { signal });
}

export const spyToVixQueryOptions = queryOptions({
  queryKey: ['get_spy_to_vix_data'],
  queryFn: ({ signal }) => fetchSpyToVixData(signal),
  // A nightly snapshot; the server caches it for 5 minutes.
  staleTime: 5 * 60_000,
});

export function useSpyToVixData() {
  return useQuery(spyToVixQueryOptions);
}
