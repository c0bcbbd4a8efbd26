import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type OptionMinmaxData = ResponseOf<'get_option_minmax'>;

export function fetchOptionMinmax(signal?: AbortSignal): Promise<OptionMinmaxData> {
  return apiGet('get_option_minmax', {}, { signal });
}

export const optionMinmaxQueryOptions = queryOptions({
  queryKey: ['get_option_minmax'],
  queryFn: ({ signal }) => fetchOptionMinmax(signal),
  staleTime: 5 * 60_000,
});

export function useOptionMinmax() {
  return useQuery(optionMinmaxQueryOptions);
}
