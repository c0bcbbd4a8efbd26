import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { documentClient } from './client.ts';
import { FlowRepository } from './flow-repository.ts';
import type { FlowDays } from './flow-summaries.ts';
import { onCachesCleared } from '../lib/container-caches.ts';

/** Today's trades grow live: a few seconds of staleness; a completed day never changes. */
const TODAY_TTL_MS = 5_000;
const PAST_TTL_MS = 60_000;
/** Enough for the tickers people look at within a minute; oldest entries go first. */
const MAX_ENTRIES = 64;

const cache = new Map<string, { at: number; promise: Promise<FlowTrade[]> }>();
onCachesCleared(() => cache.clear());

/** The latest day with flow for the ticker: today once it traded, else the newest full day that has it. */
export function latestFlowDate(days: FlowDays, ticker: string): string | null {
  if (days.current?.tickers[ticker]) return days.today;
  return days.full.find((d) => d.tickers[ticker])?.date ?? null;
}

/** One ticker-day of trades through the ticker index, memoized per container. */
export function readTickerDayCached(
  ticker: string,
  date: string,
  today: string,
  now = Date.now(),
): Promise<FlowTrade[]> {
  const key = `${ticker}#${date}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < (date === today ? TODAY_TTL_MS : PAST_TTL_MS)) return hit.promise;
  const promise = new FlowRepository(documentClient()).readTickerDay(ticker, date).then((r) => r.trades);
  const entry = { at: now, promise };
  cache.delete(key);
  cache.set(key, entry);
  promise.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return promise;
}
