import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { ShortInterestTop } from '@tapewatch/shared/schemas/short-interest';
import { apiGet } from '../../../lib/api-client.ts';

export type ShortInterestTable = ResponseOf<'get_short_interest'>;
export type ShortInterestTableRow = ShortInterestTable['data'][number];

export function fetchShortInterest(top: ShortInterestTop, signal?: AbortSignal): Promise<ShortInterestTable> {
  return apiGet('get_short_interest', { top }, { signal });
}

export function shortInterestQueryOptions(top: ShortInterestTop) {
  return queryOptions({
    queryKey: ['get_short_interest', top],
    queryFn: ({ signal }) => fetchShortInterest(top, signal),
    // Settlements are published twice a month; the server caches for 5 minutes.
    staleTime: 5 * 60_000,
    // Keep the current table on screen while another ordering loads.
    placeholderData: keepPreviousData,
  });
}

export function useShortInterest(top: ShortInterestTop) {
  return useQuery(shortInterestQueryOptions(top));
}
