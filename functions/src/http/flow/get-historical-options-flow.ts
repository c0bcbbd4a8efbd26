import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { keyStats, largestPremiums } from '@tapewatch/shared/flow/key-stats';
import { documentClient } from '../../data/client.ts';
import { firstFlowDay } from '../../data/flow-first-day.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { searchFlow } from '../../data/flow-search.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler, JsonText } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { withGzip } from '../../lib/gzip.ts';

/**
 * Historical flow for a date range with the spec's filters; stats and premiums from the rows
 * returned. A range wholly before the stored history is refused with the first available date,
 * never answered with a silent empty table; every answer carries that date.
 */
export const handler = withGzip(
  defineHandler('get_historical_options_flow', async ({ query }) => {
    const first = await firstFlowDay();
    if (first === null) throw new NotFoundError('No options flow is stored yet.');
    if (query.dates.end < first)
      throw new NotFoundError(`No options flow is stored before ${first}: the first available date is ${first}.`);
    const repo = new FlowRepository(documentClient());
    const { trades, capped, scanned } = await searchFlow(
      repo,
      query.dates,
      query.filters ?? [],
      undefined,
      clockFor().today(),
    );
    // Stored trades hold finite numbers only, so plain JSON.stringify equals toJson here and skips
    // its per-value replacer (10,000 rows x 25 fields).
    return new JsonText<ResponseOf<'get_historical_options_flow'>>(
      JSON.stringify({
        options_flow: trades,
        largest_call_premiums: largestPremiums(trades, 'Call'),
        largest_put_premiums: largestPremiums(trades, 'Put'),
        key_stats: keyStats(trades),
        capped,
        scanned,
        first_date: first,
      }),
    );
  }),
);
