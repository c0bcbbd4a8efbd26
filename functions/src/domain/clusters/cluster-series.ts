import type { ClusterSeries } from './compute-clusters.ts';
import { totalReturnCloses, type DailySeries } from '../../data/daily-series.ts';

/** Calendar years of history to read: the longest training window (600 sessions) plus room. */
export const CLUSTER_HISTORY_YEARS = 3;

/** The series up to the as-of date, in the shape the clusters computation takes. */
export function toClusterSeries(s: DailySeries, today: string): ClusterSeries {
  const end = s.date.findLastIndex((d) => d <= today) + 1;
  const rc = totalReturnCloses(s);
  return {
    dates: s.date.slice(0, end),
    closes: s.close.slice(0, end),
    returnCloses: rc.slice(0, end),
    volume: s.volume ? s.volume.slice(0, end) : new Array<null>(end).fill(null),
  };
}
