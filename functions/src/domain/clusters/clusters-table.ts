import type { ClustersTableRow } from '@tapewatch/shared/schemas/clusters';
import { CLUSTER_DEFAULTS } from '@tapewatch/shared/schemas/clusters';
import { ClustersInputError, computeClusters, type ClusterSeries } from './compute-clusters.ts';

/** The table's default parameters (spec part 1 section 9: table loads use the initial choices). */
export const TABLE_PARAMS = {
  nb_clusters: CLUSTER_DEFAULTS.nb_clusters,
  length: CLUSTER_DEFAULTS.length,
  metric: CLUSTER_DEFAULTS.metric,
  iterations: CLUSTER_DEFAULTS.iterations,
  features: CLUSTER_DEFAULTS.features,
  training_window: CLUSTER_DEFAULTS.training_window,
} as const;

/** One table row: the current cluster's average forward returns; null when the ticker cannot be clustered. */
export function clustersTableRow(ticker: string, s: ClusterSeries): ClustersTableRow | null {
  try {
    const out = computeClusters(ticker, s, TABLE_PARAMS);
    const f = out.cluster_info.forward_returns;
    // Six decimals (0.0001 %) is far below what the table shows and keeps ~510 rows small on the wire.
    const r6 = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);
    return {
      ticker,
      date: out.cluster_info.date,
      close: s.closes[s.closes.length - 1]!,
      '1d_forward_return': r6(f.d1),
      '2d_forward_return': r6(f.d2),
      '5d_forward_return': r6(f.d5),
      '10d_forward_return': r6(f.d10),
      '20d_forward_return': r6(f.d20),
    };
  } catch (err) {
    if (err instanceof ClustersInputError) return null;
    throw err;
  }
}
