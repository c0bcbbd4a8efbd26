import { loadFlowDays } from './flow-days.ts';
import { latestFlowDate, readTickerDayCached } from '../../data/ticker-day-cache.ts';
import { intradayPremiums } from '../../domain/flow/intraday-premiums.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/** Ticker Overview: premiums and underlying-price candles per interval of the ticker's latest day with flow. */
export const handler = defineHandler('get_options_flow_intraday_premiums_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  const days = await loadFlowDays();
  const date = latestFlowDate(days, symbol);
  const trades = date ? await readTickerDayCached(symbol, date, days.today) : [];
  return intradayPremiums(symbol, date, trades, Number(query.interval) as 0 | 1 | 2);
});
