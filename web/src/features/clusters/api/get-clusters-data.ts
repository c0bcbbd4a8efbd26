import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { ClustersParams } from '@tapewatch/shared/schemas/clusters';
import { apiGet } from '../../../lib/api-client.ts';

export type ClustersData = ResponseOf<'get_clusters_data'>;
export type ClustersRequest = ClustersParams;

export function fetchClustersData(params: ClustersRequest, signal?: AbortSignal): Promise<ClustersData> {
  return apiGet('get_clusters_data', params, { signal });
}

export const clustersQueryOptions = (params: ClustersRequest) =>
  queryOptions({
    queryKey: ['get_clusters_data', params],
    queryFn: ({ signal }) => fetchClustersData(params, signal),
    staleTime: 5 * 60_000,
    // A 400 (e.g. too little history) is an answer, not a glitch: do not retry it.
    retry: false,
  });

export function useClustersData(params: ClustersRequest) {
  return useQuery({ ...clustersQueryOptions(params), placeholderData: keepPreviousData });
}
