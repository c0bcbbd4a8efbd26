import { memoize } from '../lib/memo.ts';
import { documentClient } from './client.ts';
import { FlowRepository } from './flow-repository.ts';

/**
 * Where the stored flow history starts (per container, one minute): it moves only when an ingest
 * or a backfill runs, and the screens use it to bound the date picker and to say why an older
 * range has no trades.
 */
export const firstFlowDay = memoize(60_000, () => new FlowRepository(documentClient()).firstDay());
