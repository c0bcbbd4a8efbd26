import type { VolatilityData } from '@tapewatch/shared/schemas/volatility';
import { cachedSeries } from '../../data/series-cache.ts';
import { IV_WINDOW_SESSIONS } from '../../domain/volatility/iv-rank.ts';
import { volatilityData } from '../../domain/volatility/volatility-data.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { dataMode } from '../../platform/clock.ts';
import { atmIvHistory } from '../../providers/demo/atm-iv-history.ts';
import { chainAnswer, requireOptionable } from './chain-source.ts';
import { liveIvHistory } from './live-iv-history.ts';

const answers = new TtlLru<VolatilityData>(64, 60_000);

export const handler = defineHandler('get_volatility_data', async ({ query }) => {
  const entry = await requireOptionable(query.ticker);
  return answers.get(entry.symbol, async () => {
    const chain = await chainAnswer(entry, 'all');
    const date = chain.as_of.slice(0, 10);
    // Two calendar years before the chain's year: a year of IV, each from the 63 sessions before it.
    const fromYear = Number(date.slice(0, 4)) - 2;
    const live = dataMode() === 'live';
    const [bars, vix] = await Promise.all([
      cachedSeries(entry.symbol, fromYear),
      entry.symbol === 'SPY' && !live ? cachedSeries('VIX', fromYear) : undefined,
    ]);
    const kind = entry.kind === 'etf' ? 'etf' : 'stock';
    // Live: the daily ATM IV stored since the first live day (atm-iv job); demo: the options market's own.
    const ivHistory = live
      ? await liveIvHistory(chain, fromYear)
      : atmIvHistory(entry.symbol, kind, bars, date, IV_WINDOW_SESSIONS, vix);
    const answer = ivHistory && volatilityData({ chain, ivHistory, closes: bars });
    if (!answer) throw new NotFoundError(`No volatility history for ${entry.symbol}.`);
    return answer;
  });
});
