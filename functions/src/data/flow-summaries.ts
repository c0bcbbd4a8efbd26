import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EARLIEST_FLOW_DATE, type FlowTrade } from '@tapewatch/shared/schemas/flow';
import { clockFor } from '../platform/clock.ts';
import { documentClient } from './client.ts';
import { FlowRepository } from './flow-repository.ts';
import { FlowSummaryRepository, type DaySummary } from './flow-summary-repository.ts';

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

function cached<T>(slot: Cached<T> | undefined, key: string, ttl: number, load: () => Promise<T>, now: number): Cached<T> {
  if (slot && slot.key === key && now - slot.at < ttl) return slot;
  const next: Cached<T> = { key, at: now, promise: load() };
  // A failed load is not cached (the next request retries).
  next.promise.catch(() => {
    if (history === (next as unknown)) history = undefined;
    if (current === (next as unknown)) current = undefined;
  });
  return next;
}

/** Completed days' summaries; a listed day without a stored summary (older data) is computed and stored once. */
async function loadHistory(summarizeDay: SummarizeDay, db: DynamoDBDocumentClient, today: string): Promise<DaySummary[]> {
  const flow = new FlowRepository(db);
  const store = new FlowSummaryRepository(db);
  const days = (await flow.listDays(EARLIEST_FLOW_DATE, today)).filter((d) => d.date < today && d.trades > 0).slice(0, MAX_SUMMARY_DAYS);
  if (days.length === 0) return [];
  const stored = await store.readRange(days[days.length - 1]!.date, days[0]!.date);
  const have = new Map(stored.map((s) => [s.date, s]));
  for (const { date } of days) {
    if (have.has(date)) continue;
    const summary = summarizeDay(date, (await flow.readDay(date)).trades);
    await store.put(summary);
    have.set(date, summary);
  }
  return days.map((d) => have.get(d.date)!);
}

async function loadCurrent(summarizeDay: SummarizeDay, db: DynamoDBDocumentClient, today: string): Promise<DaySummary | null> {
  const { trades } = await new FlowRepository(db).readDay(today);
  return trades.length === 0 ? null : summarizeDay(today, trades);
}

/**
 * Per-container cached flow summaries: the current day (5 s) and up to 100 completed days (60 s).
 * Handlers call it through http/flow/flow-days.ts, which hands in the domain's summarizeDay.
 */
export async function loadFlowDaysWith(summarizeDay: SummarizeDay, db: DynamoDBDocumentClient = documentClient(), now = Date.now()): Promise<FlowDays> {
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
