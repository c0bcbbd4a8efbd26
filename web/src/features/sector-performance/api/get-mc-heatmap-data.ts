import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type McHeatmapData = ResponseOf<'get_mc_heatmap_data'>;

export function fetchMcHeatmapData(signal?: AbortSignal): Promise<McHeatmapData> {
  return apiGet('get_mc_heatmap_data', {}, { signal });
}

export const mcHeatmapQueryOptions = queryOptions({
  queryKey: ['get_mc_heatmap_data'],
  queryFn: ({ signal }) => fetchMcHeatmapData(signal),
  // Precomputed after the close; the server caches 5 minutes.
  staleTime: 5 * 60_000,
});

export function useMcHeatmapData() {
  return useQuery(mcHeatmapQueryOptions);
}
