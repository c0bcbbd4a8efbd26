import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type ClustersTableData = ResponseOf<'get_clusters_table_data'>;
export type ClustersTableRow = ClustersTableData['all'][number];

export function fetchClustersTableData(signal?: AbortSignal): Promise<ClustersTableData> {
  return apiGet('get_clusters_table_data', {}, { signal });
}

export const clustersTableQueryOptions = queryOptions({
  queryKey: ['get_clusters_table_data'],
  queryFn: ({ signal }) => fetchClustersTableData(signal),
  // Precomputed nightly.
  staleTime: 5 * 60_000,
});

export function useClustersTableData() {
  return useQuery(clustersTableQueryOptions);
}
