import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { FilterInput } from '@tapewatch/shared/flow/filters';
import { apiGet } from '../../../lib/api-client.ts';

export type HistoricalFlow = ResponseOf<'get_historical_options_flow'>;

/** What the Update action sends: the date range and the filter entries (JSON, spec part 2 section 7.2). */
export interface HistoricalRequest {
  start: string;
  end: string;
  filters: readonly FilterInput[];
}

export function historicalQueryParams(req: HistoricalRequest): { dates: string; filters: string } {
  return { dates: JSON.stringify({ start: req.start, end: req.end }), filters: JSON.stringify(req.filters) };
}

export function fetchHistoricalOptionsFlow(req: HistoricalRequest, signal?: AbortSignal): Promise<HistoricalFlow> {
  return apiGet('get_historical_options_flow', historicalQueryParams(req), { signal });
}

export const historicalFlowQueryOptions = (req: HistoricalRequest) =>
  queryOptions({
    queryKey: ['get_historical_options_flow', req] as const,
    queryFn: ({ signal }) => fetchHistoricalOptionsFlow(req, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Runs only once Update has been pressed (req non-null); the list refreshes only through Update. */
export function useHistoricalOptionsFlow(req: HistoricalRequest | null) {
  return useQuery({
    ...historicalFlowQueryOptions(req ?? { start: '', end: '', filters: [] }),
    enabled: req !== null,
    placeholderData: keepPreviousData,
  });
}
