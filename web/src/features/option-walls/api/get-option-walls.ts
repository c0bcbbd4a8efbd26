import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type OptionWallsData = ResponseOf<'get_option_walls'>;

export function fetchOptionWalls(signal?: AbortSignal): Promise<OptionWallsData> {
  return apiGet('get_option_walls', {}, { signal });
}

export const optionWallsQueryOptions = queryOptions({
  queryKey: ['get_option_walls'],
  queryFn: ({ signal }) => fetchOptionWalls(signal),
  // Chains change once a day (16:35 New York); the server caches for 5 minutes.
  staleTime: 5 * 60_000,
});

export function useOptionWalls() {
  return useQuery(optionWallsQueryOptions);
}
