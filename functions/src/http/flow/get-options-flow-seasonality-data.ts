import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { seasonalityYear } from './seasonality-year.ts';

/** Ticker Overview: average premium per day by half hour, weekday and month over the last 12 months of full days. */
export const handler = defineHandler('get_options_flow_seasonality_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  return (await seasonalityYear()).result(symbol);
});
