import type { ByStrikeResponse } from '@tapewatch/shared/schemas/flow-cumulative-top';
import { loadFlowDays } from './flow-days.ts';
import { byStrike, lookbackDays } from '../../domain/flow/cumulative-top.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { withGzip } from '../../lib/gzip.ts';
import { summaryMemo } from '../../data/summary-memo.ts';

// SPY over 40 days merges thousands of strike rows: computed once per summary refresh.
const memo = summaryMemo<ByStrikeResponse>();

/** Cumulative Stats: a ticker's call/put premiums and sizes per strike over the last N days with flow. */
export const handler = withGzip(
  defineHandler('get_options_flow_by_strike_data', async ({ query }) => {
    const { symbol } = await requireTicker(query.ticker);
    const days = await loadFlowDays();
    return memo(`${symbol}|${query.lookback}`, days, () =>
      byStrike(symbol, lookbackDays(days.current, days.full, query.lookback), query.lookback),
    );
  }),
);
