import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { keyStats, largestPremiums } from '@tapewatch/shared/flow/key-stats';
import { documentClient } from '../../data/client.ts';
import { firstFlowDay } from '../../data/flow-first-day.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { checkFilters, searchFlow } from '../../data/flow-search.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler, JsonText } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { withGzip } from '../../lib/gzip.ts';
import { readUnlessWritten } from '../../data/write-signal.ts';
import { currentFlowPayload, freshHead } from './current-flow-payload.ts';
import { keepAnswer, keptAnswer, keptEncoded } from './historical-answers.ts';

type Answer = ResponseOf<'get_historical_options_flow'>;

/** Byte for byte JSON.stringify of the answer object, with the rows already serialized. */
function answerText(trades: FlowTrade[], rows: string[], capped: boolean, scanned: number, first: string): string {
  const rest = JSON.stringify({
    largest_call_premiums: largestPremiums(trades, 'Call'),
    largest_put_premiums: largestPremiums(trades, 'Put'),
    key_stats: keyStats(trades),
    capped,
    scanned,
    first_date: first,
  });
  return `{"options_flow":[${rows.join(',')}],${rest.slice(1)}`;
}

/**
 * Historical flow for a date range with the spec's filters; stats and premiums from the rows
 * returned. A range wholly before the stored history is refused with the first available date,
 * never answered with a silent empty table; every answer carries that date.
 */
export const handler = withGzip(
  defineHandler('get_historical_options_flow', async ({ query }) => {
    const filters = query.filters ?? [];
    checkFilters(filters);
    const first = await firstFlowDay();
    if (first === null) throw new NotFoundError('No options flow is stored yet.');
    if (query.dates.end < first)
      throw new NotFoundError(`No options flow is stored before ${first}: the first available date is ${first}.`);
    const repo = new FlowRepository(documentClient());
    const today = clockFor().today();
    const { start, end } = query.dates;
    const [days, head] = await Promise.all([
      readUnlessWritten(`flowdays#${start}#${end}`, () => repo.listDays(start, end)),
      end >= today ? freshHead(repo, today) : null,
    ]);
    // Past days change only when re-ingested (their version changes); today by its write head.
    const key = [
      start,
      end,
      JSON.stringify(filters),
      first,
      head ? `${head.epoch}.${head.live}` : '',
      days.map((d) => `${d.date}:${d.trades}:${d.version}`).join(','),
    ].join('|');
    const hit = keptAnswer(key);
    if (hit) return new JsonText<Answer>(hit.json);
    // Today comes from the payload the current flow keeps (read once, then followed by its head).
    const keptToday = head ? () => currentFlowPayload(repo, today, head, first) : undefined;
    const { trades, rows, capped, scanned } = await searchFlow(
      repo,
      query.dates,
      filters,
      undefined,
      today,
      days,
      keptToday,
    );
    const json = answerText(trades, rows, capped, scanned, first);
    keepAnswer(key, json);
    return new JsonText<Answer>(json);
  }),
  keptEncoded,
);
