import type { ClustersData } from '@tapewatch/shared/schemas/clusters';
import { cachedSeries } from '../../data/series-cache.ts';
import { ClustersInputError, computeClusters } from '../../domain/clusters/compute-clusters.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { defineHandler, jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { clockFor } from '../../platform/clock.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { CLUSTER_HISTORY_YEARS, toClusterSeries } from '../../domain/clusters/cluster-series.ts';

/**
 * Computed on request (k-means over a few hundred windows takes ~10 ms) and cached per parameter
 * set: prices change once a day, so ten minutes is safe; errors are not cached.
 */
const results = new TtlLru<JsonText<ClustersData>>(500, 10 * 60_000);

export const handler = defineHandler('get_clusters_data', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  const today = clockFor().today();
  const { ticker: _t, ...params } = query;
  const key = `${entry.symbol}|${today}|${JSON.stringify(params)}`;
  return results.get(key, async () => {
    const raw = await cachedSeries(entry.symbol, Number(today.slice(0, 4)) - CLUSTER_HISTORY_YEARS);
    const series = toClusterSeries(raw, today);
    if (series.dates.length === 0) throw new NotFoundError(`We have no price history for ${entry.symbol}.`);
    try {
      return jsonText(computeClusters(entry.symbol, series, params));
    } catch (err) {
      if (err instanceof ClustersInputError) throw new BadRequestError(err.message);
      throw err;
    }
  });
});
