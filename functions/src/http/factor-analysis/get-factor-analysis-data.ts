import type { FactorAnalysisResponse } from '@tapewatch/shared/schemas/factor-analysis';
import { documentClient } from '../../data/client.ts';
import { DailyRowsRepository } from '../../data/daily-rows-repository.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { DAILY_SERIES } from '../../data/daily-series.ts';
import type { ShortVolumeInput } from '../../domain/dark-pools/dark-pool-metrics.ts';
import { buildFactorAnalysisData, evaluateFactor, type FactorInputs } from '../../domain/factor-analysis/index.ts';
import { toBars, toDarkPoolPosition } from '../../domain/signals/signals-inputs.ts';
import { defineHandler, jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { clockFor } from '../../platform/clock.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

const BENCHMARK = 'SPY';
/** Answers change once a day (after the prices job); a container keeps the serialised ones for a minute. */
const answers = new TtlLru<JsonText<FactorAnalysisResponse>>(512, 60_000);

export const handler = defineHandler('get_factor_analysis_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  const { factor, timeframe } = query;
  // Everything is cut at the clock's today, with the signals job's own input builders, so the page
  // agrees with the All-signals table and never shows bars past the demo date (or a live "today").
  const today = clockFor().today();
  return answers.get(`${symbol}|${factor}|${timeframe}|${today}`, async () => {
    const [series, spy, shortVolume] = await Promise.all([
      cachedSeries(symbol, 0),
      factor === 'relative_strength' ? cachedSeries(BENCHMARK, 0) : null,
      factor === 'dark_pools'
        ? new DailyRowsRepository<ShortVolumeInput>(documentClient(), DAILY_SERIES.shortVolume).get(symbol)
        : null,
    ]);
    const bars = toBars(series, today);
    const position = shortVolume ? toDarkPoolPosition(shortVolume, series, today) : undefined;
    const inputs: FactorInputs = { bars, benchmark: spy ? toBars(spy, today) : [], darkPoolPosition: position };
    return jsonText<FactorAnalysisResponse>(
      buildFactorAnalysisData(symbol, factor, timeframe, bars, evaluateFactor(factor, timeframe, inputs)),
    );
  });
});
