import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';
import type { ClustersTableRow } from './get-clusters-table-data.ts';

export type ClusterPredictions = ResponseOf<'get_clusters_prediction_data'>;

const HORIZONS = [1, 2, 5, 10, 20] as const;
const rowReturn = (row: ClustersTableRow, h: (typeof HORIZONS)[number]) => row[`${h}d_forward_return`];

/**
 * The selected row's forward returns as the endpoint's d1..d20. The endpoint requires every dN, so a
 * return the cluster does not know is sent as 0 only as a placeholder; `leaveOutUnknown` then drops
 * that projection, so the chart never draws an invented flat point.
 */
export function predictionParams(row: ClustersTableRow) {
  const d = (h: (typeof HORIZONS)[number]) => rowReturn(row, h) ?? 0;
  return { ticker: row.ticker, d1: d(1), d2: d(2), d5: d(5), d10: d(10), d20: d(20) };
}

/** The answer with no projected close for the horizons whose forward return is unknown (null). */
export function leaveOutUnknown(row: ClustersTableRow, p: ClusterPredictions): ClusterPredictions {
  const marks = { ...p.mark_dates };
  for (const h of HORIZONS) if (rowReturn(row, h) === null) marks[`d${h}`] = { ...marks[`d${h}`], close: null };
  return { ...p, mark_dates: marks };
}

export const clustersPredictionQueryOptions = (row: ClustersTableRow) =>
  queryOptions({
    // Keyed by the row's own returns: an unknown one must not share a cache entry with a real 0.
    queryKey: ['get_clusters_prediction_data', row.ticker, HORIZONS.map((h) => rowReturn(row, h))],
    queryFn: ({ signal }) =>
      apiGet('get_clusters_prediction_data', predictionParams(row), { signal }).then((p) => leaveOutUnknown(row, p)),
    staleTime: 5 * 60_000,
  });

export function useClustersPredictionData(row: ClustersTableRow | undefined) {
  return useQuery({
    ...clustersPredictionQueryOptions(
      row ?? {
        ticker: '',
        date: '',
        close: 0,
        '1d_forward_return': 0,
        '2d_forward_return': 0,
        '5d_forward_return': 0,
        '10d_forward_return': 0,
        '20d_forward_return': 0,
      },
    ),
    enabled: row !== undefined,
  });
}
