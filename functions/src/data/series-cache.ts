import { documentClient } from './client.ts';
import { TimeSeriesRepository, type DailySeries } from './timeseries-repository.ts';
import { TtlLru } from '../lib/lru.ts';

/**
 * Daily series change once a day (after the prices job), so a container keeps the most recently
 * used ones parsed for a minute: quote and price requests then skip the database entirely.
 */
const cache = new TtlLru<DailySeries>(256, 60_000);

export function cachedSeries(ticker: string, fromYear: number): Promise<DailySeries> {
  return cache.get(`${ticker}#${fromYear}`, () =>
    new TimeSeriesRepository(documentClient()).getSeries(ticker, fromYear),
  );
}
