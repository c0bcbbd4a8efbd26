import type { FactorAnalysisResponse } from '@tapewatch/shared/schemas/factor-analysis';
import { documentClient } from '../../data/client.ts';
import { DailyRowsRepository } from '../../data/daily-rows-repository.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { totalReturnCloses, type DailySeries } from '../../data/timeseries-repository.ts';
import { computeDarkPoolDays, type ShortVolumeInput } from '../../domain/darkpools/dark-pool-metrics.ts';
import { buildFactorAnalysisData, evaluateFactor, type DailyBar, type FactorInputs } from '../../domain/factors/index.ts';
import { SHORT_VOLUME_SERIES } from '../../jobs/darkpools.ts';
import { defineHandler, jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

const BENCHMARK = 'SPY';
/** Answers change once a day (after the prices job); a container keeps the serialised ones for a minute. */
const answers = new TtlLru<JsonText<FactorAnalysisResponse>>(512, 60_000);

const toBars = (s: DailySeries): DailyBar[] => {
  const closes = totalReturnCloses(s);
  return s.date.map((date, i) => ({ date, close: closes[i]! }));
};

/** The stored dark-pool position (20-day net short volume) of a ticker, oldest first. */
async function darkPoolPosition(ticker: string): Promise<{ date: string; value: number }[]> {
  const rows = await new DailyRowsRepository<ShortVolumeInput>(documentClient(), SHORT_VOLUME_SERIES).get(ticker);
  return computeDarkPoolDays(rows, new Map()).flatMap((d) => (d.position === null ? [] : [{ date: d.date, value: d.position }]));
}

export const handler = defineHandler('get_factor_analysis_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  const { factor, timeframe } = query;
  return answers.get(`${symbol}|${factor}|${timeframe}`, async () => {
    const [series, spy, position] = await Promise.all([
      cachedSeries(symbol, 0),
      factor === 'relative_strength' ? cachedSeries(BENCHMARK, 0) : null,
      factor === 'dark_pools' ? darkPoolPosition(symbol) : undefined,
    ]);
    const bars = toBars(series);
    const inputs: FactorInputs = { bars, benchmark: spy ? toBars(spy) : [], darkPoolPosition: position };
    return jsonText<FactorAnalysisResponse>(buildFactorAnalysisData(symbol, factor, timeframe, bars, evaluateFactor(factor, timeframe, inputs)));
  });
});
