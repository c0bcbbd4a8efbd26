import { loadFlowDays } from './flow-days.ts';
import { latestFlowDate, readTickerDayCached } from '../../data/ticker-day-cache.ts';
import { latestTrades } from '../../domain/flow/intraday-premiums.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { withGzip } from '../../lib/gzip.ts';

/** Ticker Overview: the last 50 trades of the ticker's latest day with flow, newest first. */
export const handler = withGzip(
  defineHandler('get_options_flow_latest_trades_data', async ({ query }) => {
    const { symbol } = await requireTicker(query.ticker);
    const days = await loadFlowDays();
    const date = latestFlowDate(days, symbol);
    const trades = date ? await readTickerDayCached(symbol, date, days.today) : [];
    return { ticker: symbol, date, data: latestTrades(trades) };
  }),
);
