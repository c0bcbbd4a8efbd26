import { loadFlowDays } from './flow-days.ts';
import { historicalPremium, lookbackDays } from '../../domain/flow/cumulative-top.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/** Cumulative Stats: a ticker's daily and cumulative call/put/net premiums over the last N days with flow. */
export const handler = defineHandler('get_options_flow_historical_premium_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  const { current, full } = await loadFlowDays();
  return historicalPremium(symbol, lookbackDays(current, full, query.lookback), query.lookback);
});
