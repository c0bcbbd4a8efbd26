import type { TopPremiumsResponse } from '@tapewatch/shared/schemas/flow-cumulative-top';
import { loadFlowDays } from '../../data/flow-summaries.ts';
import { lookbackDays, topPremiums } from '../../domain/flow/cumulative-top.ts';
import type { DaySummary } from '../../domain/flow/day-summary.ts';
import { defineHandler } from '../../lib/http.ts';
import { loadDirectory } from '../tickers/directory-cache.ts';
import { withGzip } from './gzip.ts';

// loadFlowDays hands out the same summary objects until its caches refresh (5 s / 60 s), so an
// answer is reused per lookback while they are unchanged: 100 days x every ticker is summed once.
const answers = new Map<number, { current: DaySummary | null; full: readonly DaySummary[]; answer: TopPremiumsResponse }>();

/** Top Premiums: every ticker's call/put/net premiums over the last N days with flow, and per sector. */
export const handler = withGzip(
  defineHandler('get_options_flow_top_premiums_data', async ({ query }) => {
    const [{ current, full }, directory] = await Promise.all([loadFlowDays(), loadDirectory()]);
    const hit = answers.get(query.lookback);
    if (hit && hit.current === current && hit.full === full) return hit.answer;
    const answer = topPremiums(lookbackDays(current, full, query.lookback), query.lookback, directory.bySymbol);
    answers.set(query.lookback, { current, full, answer });
    return answer;
  }),
);
