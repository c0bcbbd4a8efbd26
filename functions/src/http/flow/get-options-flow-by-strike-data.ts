import { loadFlowDays } from '../../data/flow-summaries.ts';
import { byStrike, lookbackDays } from '../../domain/flow/cumulative-top.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { withGzip } from './gzip.ts';

/** Cumulative Stats: a ticker's call/put premiums and sizes per strike over the last N days with flow. */
export const handler = withGzip(
  defineHandler('get_options_flow_by_strike_data', async ({ query }) => {
    const { symbol } = await requireTicker(query.ticker);
    const { current, full } = await loadFlowDays();
    return byStrike(symbol, lookbackDays(current, full, query.lookback), query.lookback);
  }),
);
