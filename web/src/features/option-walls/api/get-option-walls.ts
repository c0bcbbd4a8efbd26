import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type OptionWallsData = ResponseOf<'get_option_walls'>;

/** The screen's default: SPY's walls, precomputed after the close. */
export const DEFAULT_WALLS_TICKER = 'SPY';

export function fetchOptionWalls(ticker = DEFAULT_WALLS_TICKER, signal?: AbortSignal): Promise<OptionWallsData> {
  return apiGet('get_option_walls', ticker === DEFAULT_WALLS_TICKER ? {} : { ticker }, { signal });
}

export const optionWallsQueryOptions = (ticker = DEFAULT_WALLS_TICKER) =>
  queryOptions({
    queryKey: ['get_option_walls', ticker],
    queryFn: ({ signal }) => fetchOptionWalls(ticker, signal),
    // Chains change once a day (16:35 New York); the server caches for 5 minutes.
    staleTime: 5 * 60_000,
  });

export function useOptionWalls(ticker = DEFAULT_WALLS_TICKER) {
  return useQuery(optionWallsQueryOptions(ticker));
}
