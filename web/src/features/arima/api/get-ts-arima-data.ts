import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { ArimaParams } from '@tapewatch/shared/schemas/arima';
import { apiGet } from '../../../lib/api-client.ts';

export type ArimaData = ResponseOf<'get_ts_arima_data'>;
export type ArimaRequest = ArimaParams;

export function fetchArimaData(params: ArimaRequest, signal?: AbortSignal): Promise<ArimaData> {
  return apiGet('get_ts_arima_data', params, { signal });
}

export const arimaQueryOptions = (params: ArimaRequest) =>
  queryOptions({
    queryKey: ['get_ts_arima_data', params],
    queryFn: ({ signal }) => fetchArimaData(params, signal),
    staleTime: 5 * 60_000,
    // A 400 (forbidden combination, a fit that fails) is an answer, not a glitch: do not retry it.
    retry: false,
  });

export function useArimaData(params: ArimaRequest) {
  return useQuery({ ...arimaQueryOptions(params), placeholderData: keepPreviousData });
}
