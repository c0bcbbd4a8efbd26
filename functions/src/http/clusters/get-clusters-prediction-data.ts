import { CLUSTER_DEFAULTS } from '@tapewatch/shared/schemas/clusters';
import { cachedSeries } from '../../data/series-cache.ts';
import { projectPredictions } from '../../domain/clusters/compute-clusters.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { CLUSTER_HISTORY_YEARS, toClusterSeries } from '../../domain/clusters/cluster-series.ts';

/** The selected table row's chart: its price history projected with the row's forward returns. */
export const handler = defineHandler('get_clusters_prediction_data', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  const today = clockFor().today();
  const raw = await cachedSeries(entry.symbol, Number(today.slice(0, 4)) - CLUSTER_HISTORY_YEARS);
  const series = toClusterSeries(raw, today);
  if (series.dates.length === 0) throw new NotFoundError(`We have no price history for ${entry.symbol}.`);
  const { d1, d2, d5, d10, d20 } = query;
  return projectPredictions(series, CLUSTER_DEFAULTS.length, { d1, d2, d5, d10, d20 });
});
