import type { ArimaData } from '@tapewatch/shared/schemas/arima';
import { cachedSeries } from '../../data/series-cache.ts';
import { ArimaInputError, computeArima } from '../../domain/arima/compute-arima.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { defineHandler, jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { clockFor } from '../../platform/clock.ts';
import { nextTradingDay } from '../../domain/calendar/nyse.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/** Calendar years of history to read: 500 sessions are about two years, plus room for holidays. */
const HISTORY_YEARS = 3;

/**
 * Fitted on request and cached per parameter set (cov_type included): closes change once a day, so
 * ten minutes is safe. A request the estimator refuses (too little history) is cached too, as its
 * message: it is deterministic. The largest orders take seconds to fit, so a repeat must not cost
 * that CPU again.
 */
const results = new TtlLru<JsonText<ArimaData> | { refused: string }>(500, 10 * 60_000);

export function futureTradingDays(last: string, n: number): string[] {
  const out: string[] = [];
  let d = last;
  for (let i = 0; i < n; i++) out.push((d = nextTradingDay(d)));
  return out;
}

export const handler = defineHandler('get_ts_arima_data', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  const today = clockFor().today();
  const { ticker: _t, ...params } = query;
  const key = `${entry.symbol}|${today}|${JSON.stringify(params)}`;
  const result = await results.get(key, async () => {
    const raw = await cachedSeries(entry.symbol, Number(today.slice(0, 4)) - HISTORY_YEARS);
    const end = raw.date.findLastIndex((d) => d <= today) + 1;
    if (end === 0) throw new NotFoundError(`We have no price history for ${entry.symbol}.`);
    try {
      return jsonText(
        computeArima(
          entry.symbol,
          { dates: raw.date.slice(0, end), closes: raw.close.slice(0, end) },
          params,
          futureTradingDays,
        ),
      );
    } catch (err) {
      if (err instanceof ArimaInputError) return { refused: err.message };
      throw err;
    }
  });
  if ('refused' in result) throw new BadRequestError(result.refused);
  return result;
});
