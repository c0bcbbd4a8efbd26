import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type SectorPerformanceData = ResponseOf<'get_sector_performance_data'>;

export function fetchSectorPerformanceData(signal?: AbortSignal): Promise<SectorPerformanceData> {
  return apiGet('get_sector_performance_data', {}, { signal });
}

export const sectorPerformanceQueryOptions = queryOptions({
  queryKey: ['get_sector_performance_data'],
  queryFn: ({ signal }) => fetchSectorPerformanceData(signal),
  // The server caches this for 5 minutes; the data only changes after the close.
  staleTime: 5 * 60_000,
});

export function useSectorPerformanceData() {
  return useQuery(sectorPerformanceQueryOptions);
}
