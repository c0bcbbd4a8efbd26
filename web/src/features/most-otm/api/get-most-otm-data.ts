import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type MostOtmData = ResponseOf<'get_options_flow_most_otm_data'>;

export function fetchMostOtmData(signal?: AbortSignal): Promise<MostOtmData> {
  return apiGet('get_options_flow_most_otm_data', {}, { signal });
}

export const mostOtmQueryOptions = queryOptions({
  queryKey: ['get_options_flow_most_otm_data'],
  queryFn: ({ signal }) => fetchMostOtmData(signal),
  staleTime: 60_000,
  retry: false,
});

export function useMostOtmData(enabled: boolean) {
  return useQuery({ ...mostOtmQueryOptions, enabled });
}
