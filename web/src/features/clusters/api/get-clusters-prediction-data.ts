import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';
import type { ClustersTableRow } from './get-clusters-table-data.ts';

export type ClusterPredictions = ResponseOf<'get_clusters_prediction_data'>;

/** The selected row's forward returns as the endpoint's d1..d20 (a missing return projects as 0). */
export function predictionParams(row: ClustersTableRow) {
  return {
    ticker: row.ticker,
    d1: row['1d_forward_return'] ?? 0,
    d2: row['2d_forward_return'] ?? 0,
    d5: row['5d_forward_return'] ?? 0,
    d10: row['10d_forward_return'] ?? 0,
    d20: row['20d_forward_return'] ?? 0,
  };
}

export const clustersPredictionQueryOptions = (row: ClustersTableRow) =>
  queryOptions({
    queryKey: ['get_clusters_prediction_data', predictionParams(row)],
    queryFn: ({ signal }) => apiGet('get_clusters_prediction_data', predictionParams(row), { signal }),
    staleTime: 5 * 60_000,
  });

export function useClustersPredictionData(row: ClustersTableRow | undefined) {
  return useQuery({
    ...clustersPredictionQueryOptions(row ?? { ticker: '', date: '', close: 0, '1d_forward_return': 0, '2d_forward_return': 0, '5d_forward_return': 0, '10d_forward_return': 0, '20d_forward_return': 0 }),
    enabled: row !== undefined,
  });
}
