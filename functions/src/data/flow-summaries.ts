import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EARLIEST_FLOW_DATE, type FlowTrade } from '@tapewatch/shared/schemas/flow';
import { clockFor } from '../platform/clock.ts';
import { documentClient } from './client.ts';
import { FlowRepository } from './flow-repository.ts';
import { FlowSummaryRepository, type DaySummary } from './flow-summary-repository.ts';
import { onCachesCleared } from '../lib/container-caches.ts';

/** The most days any Options Flow II view looks back over (Top Premiums' largest lookback). */
export const MAX_SUMMARY_DAYS = 100;
/** Completed days change only when the ingest runs: a minute of staleness is invisible. */
const HISTORY_TTL_MS = 60_000;
/** The current day grows with every live trade: recomputed at most every few seconds per container. */
const CURRENT_TTL_MS = 5_000;

export interface FlowDays {
  /** The clock's trading day. */
  today: string;
  /** Today's flow so far (packed and live trades); null before the first trade. */
  current: DaySummary | null;
  /** Completed days before today, newest first, at most MAX_SUMMARY_DAYS. */
  full: DaySummary[];
}

/** One day's summary from its trades: the domain's summarizeDay, handed in (the data layer does not import the domain). */
export type SummarizeDay = (date: string, trades: readonly FlowTrade[]) => DaySummary;

interface Cached<T> {
  key: string;
  at: number;
  promise: Promise<T>;
}

let history: Cached<DaySummary[]> | undefined;
let current: Cached<DaySummary | null> | undefined;
onCachesCleared(() => {
  history = undefined;
  current = undefined;
});

function cached<T>(
  slot: Cached<T> | undefined,
  key: string,
  ttl: number,
  load: () => Promise<T>,
  now: number,
): Cached<T> {
  if (slot && slot.key === key && now - slot.at < ttl) return slot;
  const next: Cached<T> = { key, at: now, promise: load() };
  // A failed load is not cached (the next request retries).
  next.promise.catch(() => {
    if (history === (next as unknown)) history = undefined;
    if (current === (next as unknown)) current = undefined;
  });
  return next;
}

/**
 * The stored summaries of the listed days (newest first, as listed); a listed day without a stored
 * summary (older data) is computed from its trades and stored once.
 */
export async function daySummaries(
  summarizeDay: SummarizeDay,
  db: DynamoDBDocumentClient,
  dates: readonly string[],
): Promise<DaySummary[]> {
  if (dates.length === 0) return [];
  const flow = new FlowRepository(db);
  const store = new FlowSummaryRepository(db);
  const sorted = [...dates].sort();
  const stored = await store.readRange(sorted[0]!, sorted.at(-1)!);
  const have = new Map(stored.map((s) => [s.date, s]));
  for (const date of dates) {
    if (have.has(date)) continue;
    const summary = summarizeDay(date, (await flow.readDay(date)).trades);
    await store.put(summary);
    have.set(date, summary);
  }
  return dates.map((d) => have.get(d)!);
}

/** Completed days with trades after `after` (exclusive) and before `today`, newest first, at most `limit`. */
export async function completedFlowDays(
  db: DynamoDBDocumentClient,
  today: string,
  after = EARLIEST_FLOW_DATE,
  limit = Infinity,
): Promise<Array<{ date: string; trades: number }>> {
  const days = await new FlowRepository(db).listDays(after, today);
  return days.filter((d) => d.date > after && d.date < today && d.trades > 0).slice(0, limit);
}

/** Completed days' summaries, newest first, at most MAX_SUMMARY_DAYS. */
async function loadHistory(
  summarizeDay: SummarizeDay,
  db: DynamoDBDocumentClient,
  today: string,
): Promise<DaySummary[]> {
  return daySummaries(
    summarizeDay,
    db,
    (await completedFlowDays(db, today, EARLIEST_FLOW_DATE, MAX_SUMMARY_DAYS)).map((d) => d.date),
  );
}

async function loadCurrent(
  summarizeDay: SummarizeDay,
  db: DynamoDBDocumentClient,
  today: string,
): Promise<DaySummary | null> {
  const { trades } = await new FlowRepository(db).readDay(today);
  return trades.length === 0 ? null : summarizeDay(today, trades);
}

/**
 * Per-container cached flow summaries: the current day (5 s) and up to 100 completed days (60 s).
 * Handlers call it through http/flow/flow-days.ts, which hands in the domain's summarizeDay.
 */
export async function loadFlowDaysWith(
  summarizeDay: SummarizeDay,
  db: DynamoDBDocumentClient = documentClient(),
  now = Date.now(),
): Promise<FlowDays> {
  const today = clockFor().today();
  history = cached(history, today, HISTORY_TTL_MS, () => loadHistory(summarizeDay, db, today), now);
  current = cached(current, today, CURRENT_TTL_MS, () => loadCurrent(summarizeDay, db, today), now);
  const [full, cur] = await Promise.all([history.promise, current.promise]);
  return { today, current: cur, full };
}

/** Drops the cached summaries (the ingest and the daily reset change them; tests). */
export function clearFlowDaysCache(): void {
  history = undefined;
  current = undefined;
}
