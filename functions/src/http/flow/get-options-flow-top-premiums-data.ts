import type { TopPremiumsResponse } from '@tapewatch/shared/schemas/flow-cumulative-top';
import { loadFlowDays } from './flow-days.ts';
import { lookbackDays, topPremiums } from '../../domain/flow/cumulative-top.ts';
import { defineHandler } from '../../lib/http.ts';
import { loadDirectory } from '../tickers/directory-cache.ts';
import { withGzip } from '../../lib/gzip.ts';
import { summaryMemo } from '../../data/summary-memo.ts';

// Up to 100 days x every ticker: summed once per summary refresh and lookback.
const memo = summaryMemo<TopPremiumsResponse>();

/** Top Premiums: every ticker's call/put/net premiums over the last N days with flow, and per sector. */
export const handler = withGzip(
  defineHandler('get_options_flow_top_premiums_data', async ({ query }) => {
    const [days, directory] = await Promise.all([loadFlowDays(), loadDirectory()]);
    return memo(String(query.lookback), days, () =>
      topPremiums(lookbackDays(days.current, days.full, query.lookback), query.lookback, directory.bySymbol),
    );
  }),
);
