import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { MAX_HISTORICAL_ROWS } from '@tapewatch/shared/schemas/flow';
import { documentClient } from '../../data/client.ts';
import { firstFlowDay } from '../../data/flow-first-day.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { defineHandler, HttpResult, JsonText } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { withGzip } from '../../lib/gzip.ts';
import { answerText, cachedEncoding, currentFlowPayload, freshHead, tradesSince } from './current-flow-payload.ts';

type Answer = ResponseOf<'get_current_options_flow'>;

/**
 * Today's flow so far (packed day plus live trades), newest first, at most 10,000 rows: a payload
 * kept serialized and compressed per container (current-flow-payload.ts), with an ETag (304 when the
 * page already holds it) and `since` (the key of the newest trade the page holds: only newer ones).
 */
const inner = defineHandler('get_current_options_flow', async ({ query, event }) => {
  const date = clockFor().today();
  const repo = new FlowRepository(documentClient());
  const [head, first] = await Promise.all([freshHead(repo, date), firstFlowDay()]);
  const p = await currentFlowPayload(repo, date, head, first);
  if (query.since !== undefined) {
    const newer = tradesSince(p, query.since);
    const shown = p.trades.slice(0, MAX_HISTORICAL_ROWS);
    // Key stats stay the whole day's: the page replaces its own with them.
    return new JsonText<Answer>(answerText(date, newer.rows.slice(0, MAX_HISTORICAL_ROWS), shown, first));
  }
  const ifNoneMatch = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'if-none-match')?.[1];
  if (ifNoneMatch?.split(',').some((t) => t.trim() === p.etag)) {
    return new HttpResult(new JsonText<Answer>(''), 304, { etag: p.etag });
  }
  return new HttpResult(new JsonText<Answer>(p.json), 200, { etag: p.etag });
});

export const handler = withGzip(inner, cachedEncoding);
