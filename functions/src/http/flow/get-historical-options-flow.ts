import { keyStats, largestPremiums } from '@tapewatch/shared/flow/key-stats';
import { documentClient } from '../../data/client.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { searchFlow } from '../../data/flow-search.ts';
import { defineHandler } from '../../lib/http.ts';
import { withGzip } from './gzip.ts';

/** Historical flow for a date range with the spec's filters; stats and premiums from the rows returned. */
export const handler = withGzip(
  defineHandler('get_historical_options_flow', async ({ query }) => {
    const { trades, capped, scanned } = await searchFlow(new FlowRepository(documentClient()), query.dates, query.filters ?? []);
    return {
      options_flow: trades,
      largest_call_premiums: largestPremiums(trades, 'Call'),
      largest_put_premiums: largestPremiums(trades, 'Put'),
      key_stats: keyStats(trades),
      capped,
      scanned,
    };
  }),
);
