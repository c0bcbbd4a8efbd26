import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type SignalsData = ResponseOf<'get_signals_data'>;
export type SignalRow = SignalsData[number];

export function fetchSignalsData(signal?: AbortSignal): Promise<SignalsData> {
  return apiGet('get_signals_data', {}, { signal });
}

export const signalsQueryOptions = queryOptions({
  queryKey: ['get_signals_data'],
  queryFn: ({ signal }) => fetchSignalsData(signal),
  // Precomputed nightly.
  staleTime: 5 * 60_000,
});

export function useSignalsData() {
  return useQuery(signalsQueryOptions);
}
