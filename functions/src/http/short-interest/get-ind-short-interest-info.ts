import { daysToCover, floatBasis, floatShortPercent } from '../../domain/short-interest/short-interest-table.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireNasdaqTicker, settlementsOf } from './short-interest-cache.ts';

/** The ticker's latest settlement figures; all null when it has no short interest data. */
export const handler = defineHandler('get_ind_short_interest_info', async ({ query }) => {
  const entry = await requireNasdaqTicker(query.ticker);
  const last = (await settlementsOf(entry.symbol)).at(-1);
  if (!last) return { 'Short Interest': null, 'Days To Cover': null, '%Float Short': null };
  return {
    'Short Interest': last.short_interest,
    'Days To Cover': daysToCover(last.short_interest, last.avg_daily_volume),
    '%Float Short': floatShortPercent(last.short_interest, floatBasis(entry)),
  };
});
