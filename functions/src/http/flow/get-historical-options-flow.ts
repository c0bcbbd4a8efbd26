import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { documentClient } from '../../data/client.ts';
import { firstFlowDay } from '../../data/flow-first-day.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { checkFilters, scanFlow } from '../../data/flow-search.ts';
import { HistoricalAnswerWriter } from '../../domain/flow/answer-writer.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { negotiatedJson, withGzip } from '../../lib/gzip.ts';
import { tableName } from '../../data/tables.ts';
import { readUnlessWritten } from '../../data/write-signal.ts';
import { currentFlowPayload, freshHead } from './current-flow-payload.ts';
import { HistoricalBody, historicalAnswers } from './historical-answers.ts';

type Answer = ResponseOf<'get_historical_options_flow'>;

/**
 * Historical flow for a date range with the spec's filters; stats and premiums from the rows
 * returned. A range wholly before the stored history is refused with the first available date,
 * never answered with a silent empty table; every answer carries that date.
 */
export const handler = withGzip(
  defineHandler('get_historical_options_flow', async ({ query, event }) => {
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
      readUnlessWritten(`flowdays#${start}#${end}`, () => repo.listDays(start, end), { table: tableName('flow') }),
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
    const answer = await historicalAnswers.answerOnce(key, async () => {
      // Today comes from the payload the current flow keeps (read once, then followed by its head).
      const keptToday = head ? () => currentFlowPayload(repo, today, head, first) : undefined;
      const writer = new HistoricalAnswerWriter();
      const { capped, scanned } = await scanFlow(
        repo,
        query.dates,
        filters,
        { today, listed: days, keptToday },
        (d, i) => writer.add(d, i),
      );
      return new HistoricalBody(writer.finish({ capped, scanned, first_date: first }));
    });
    return negotiatedJson<Answer>(event.headers, answer);
  }),
);
