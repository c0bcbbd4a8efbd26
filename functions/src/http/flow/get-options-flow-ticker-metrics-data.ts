import { loadFlowDays } from './flow-days.ts';
import { tickerMetrics5d } from '../../domain/flow/ticker-metrics.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/** Ticker Overview: the last 5 full days against the 5 before them. */
export const handler = defineHandler('get_options_flow_ticker_metrics_data', async ({ query }) => {
  const { symbol } = await requireTicker(query.ticker);
  return tickerMetrics5d(symbol, (await loadFlowDays()).full);
});
