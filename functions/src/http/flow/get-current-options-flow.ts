import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { MAX_HISTORICAL_ROWS } from '@tapewatch/shared/schemas/flow';
import { keyStats } from '@tapewatch/shared/flow/key-stats';
import { documentClient } from '../../data/client.ts';
import { firstFlowDay } from '../../data/flow-first-day.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { compareNewestFirst } from '../../domain/flow/trade.ts';
import { defineHandler, JsonText } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { withGzip } from '../../lib/gzip.ts';

/** Today's flow so far (packed day plus live trades), newest first, at most 10,000 rows. */
export const handler = withGzip(
  defineHandler('get_current_options_flow', async () => {
    const date = clockFor().today();
    const [{ trades }, first] = await Promise.all([new FlowRepository(documentClient()).readDay(date), firstFlowDay()]);
    const flow = trades.sort(compareNewestFirst).slice(0, MAX_HISTORICAL_ROWS);
    // Stored trades hold finite numbers only: plain JSON.stringify equals toJson without its replacer.
    return new JsonText<ResponseOf<'get_current_options_flow'>>(JSON.stringify({ date, options_flow: flow, key_stats: keyStats(flow), first_date: first }));
  }),
);
