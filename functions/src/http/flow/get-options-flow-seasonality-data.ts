import { loadFlowDays } from './flow-days.ts';
import { seasonality } from '../../domain/flow/seasonality.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/** Ticker Overview: average premium per day by half hour, weekday and month over the full days. */
export const handler = defineHandler('get_options_flow_seasonality_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  return seasonality(symbol, (await loadFlowDays()).full);
});
