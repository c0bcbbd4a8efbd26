import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { darkPoolIndividual } from './dark-pool-cache.ts';

export const handler = defineHandler('get_dark_pool_individual_data', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  return darkPoolIndividual(entry.symbol);
});
