import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../data/client.ts';
import { completedFlowDays, daySummaries } from '../../data/flow-summaries.ts';
import { summarizeDay } from '../../domain/flow/day-summary.ts';
import { SeasonalityFold, seasonalityWindowStart } from '../../domain/flow/seasonality.ts';
import { clockFor } from '../../platform/clock.ts';
import { onCachesCleared } from '../../lib/container-caches.ts';

/** Summaries parsed at once while folding: a year's ~250 never sit in memory together. */
const READ_DAYS = 25;
/** The list of stored days is re-read at most once a minute (it changes when the ingest runs). */
const LIST_TTL_MS = 60_000;

let listing: { today: string; at: number; days: Promise<Array<{ date: string; trades: number }>> } | undefined;
let folded: { key: string; fold: Promise<SeasonalityFold> } | undefined;
onCachesCleared(() => {
  listing = undefined;
  folded = undefined;
});

async function foldDays(db: DynamoDBDocumentClient, dates: readonly string[]): Promise<SeasonalityFold> {
  const fold = new SeasonalityFold();
  for (let i = 0; i < dates.length; i += READ_DAYS)
    for (const day of await daySummaries(summarizeDay, db, dates.slice(i, i + READ_DAYS))) fold.addDay(day);
  return fold;
}

/**
 * The Ticker Overview's seasonality over the last 12 months of completed days (up to ~250, more
 * than the 100 the other flow views read), per container. Folded once per set of stored days: a
 * day re-ingested changes its trade count and so the key; otherwise the fold is reused all day.
 */
export async function seasonalityYear(
  db: DynamoDBDocumentClient = documentClient(),
  now = Date.now(),
): Promise<SeasonalityFold> {
  const today = clockFor().today();
  if (!listing || listing.today !== today || now - listing.at >= LIST_TTL_MS) {
    const next = { today, at: now, days: completedFlowDays(db, today, seasonalityWindowStart(today)) };
    next.days.catch(() => listing === next && (listing = undefined));
    listing = next;
  }
  const days = await listing.days;
  const key = `${today}|${days.map((d) => `${d.date}:${d.trades}`).join(',')}`;
  if (folded?.key !== key) {
    const next = {
      key,
      fold: foldDays(
        db,
        days.map((d) => d.date),
      ),
    };
    // A failed fold is not kept: the next request retries.
    next.fold.catch(() => folded === next && (folded = undefined));
    folded = next;
  }
  return folded.fold;
}

/** Drops the cached fold (tests). */
export function clearSeasonalityYear(): void {
  listing = undefined;
  folded = undefined;
}
