import { loadFlowDays } from './flow-days.ts';
import { tickerMetrics1d } from '../../domain/flow/ticker-metrics.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/** Ticker Overview: the current day, the last full day and its change against the day before. */
export const handler = defineHandler('get_options_flow_ticker_metrics_1d_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  const days = await loadFlowDays();
  return tickerMetrics1d(symbol, days.today, days.current, days.full);
});
