import { defineHandler } from '../../lib/http.ts';
import { requireNasdaqTicker, settlementsOf } from './short-interest-cache.ts';

/** One ticker's settlements over the stored year; empty when the ticker has none. */
export const handler = defineHandler('get_ind_short_interest', async ({ query }) => {
  const entry = await requireNasdaqTicker(query.ticker);
  const points = await settlementsOf(entry.symbol);
  return { short_interest: points.map((p) => ({ date: p.date, short_interest: p.short_interest })) };
});
