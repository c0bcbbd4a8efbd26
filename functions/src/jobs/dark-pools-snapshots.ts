import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DarkPoolRow } from '@tapewatch/shared/schemas/dark-pools';
import { DailyRowsRepository } from '../data/daily-rows-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { TimeSeriesRepository } from '../data/timeseries-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import {
  buildDarkPoolIndividual,
  computeDarkPoolDays,
  toDarkPoolRow,
  type ShortVolumeInput,
} from '../domain/dark-pools/dark-pool-metrics.ts';
import { addDays } from '../domain/sectors/calendar.ts';
import type { Logger } from '../lib/log.ts';

/** The main table (all tickers on the latest FINRA date), read by get_dark_pool_data. */
export const DARK_POOL_TABLE_SNAPSHOT = snapshots.darkPoolTable.name;
/** One snapshot per ticker (~15 kB gzipped), so a request reads only its own ticker. */
export const darkPoolIndividualSnapshot = (ticker: string): string => snapshots.darkPoolIndividual(ticker).name;

export interface DarkPoolTableSnapshot {
  as_of: string;
  rows: DarkPoolRow[];
}

/** Calendar days the per-ticker data reaches back: a year, matching the demo's 366-day backfill. */
const WINDOW_DAYS = 366;
/** Parallel reads: enough to hide DynamoDB latency without throttling a small table. */
const CONCURRENCY = 16;

async function inBatches<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY)
    out.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(fn))));
  return out;
}

/**
 * Precomputes the Dark Pools screen after the ingest merged its rows: reads each ticker's stored
 * short volume and closes, writes one individual snapshot per ticker and then the table snapshot
 * (written last, so the table never points at tickers whose snapshot is missing).
 */
export async function writeDarkPoolSnapshots(
  db: DynamoDBDocumentClient,
  tickers: readonly string[],
  shortVolumeSeries: string,
  log: Logger,
  /** Oldest year to read: the year before the run's last date covers its window. */
  fromYear: number,
): Promise<{ asOf: string | null; tickers: number }> {
  const shortRepo = new DailyRowsRepository<ShortVolumeInput>(db, shortVolumeSeries);
  const priceRepo = new TimeSeriesRepository(db);
  const snapshots = new SnapshotRepository(db);

  // Pass 1: the latest date over all tickers fixes the window.
  const heads = await inBatches(tickers, async (t) => ({ ticker: t, rows: await shortRepo.get(t, fromYear) }));
  const asOf = heads.reduce<string | null>((m, h) => {
    const last = h.rows.at(-1)?.date ?? null;
    return last !== null && (m === null || last > m) ? last : m;
  }, null);
  if (asOf === null) return { asOf: null, tickers: 0 };
  const from = addDays(asOf, -WINDOW_DAYS);
  // Positions at the start of the window need ~20 trading days (~4 weeks) before it.
  const firstNeeded = addDays(from, -40);

  const table: DarkPoolRow[] = [];
  await inBatches(heads, async ({ ticker, rows }) => {
    const inRange = rows.filter((r) => r.date >= firstNeeded && r.date <= asOf);
    const series = await priceRepo.getSeries(ticker, Number(firstNeeded.slice(0, 4)));
    const closes = new Map(series.date.map((d, i) => [d, series.close[i]!]));
    const individual = buildDarkPoolIndividual(ticker, inRange, closes, from);
    await snapshots.put(darkPoolIndividualSnapshot(ticker), asOf, individual);
    const days = computeDarkPoolDays(inRange, closes);
    const last = days.at(-1);
    // Only tickers in the latest file belong in the table; a delisted one would show a stale row.
    if (last && last.date === asOf) table.push(toDarkPoolRow(ticker, last));
  });
  table.sort((a, b) => a.Ticker.localeCompare(b.Ticker));
  await snapshots.put<DarkPoolTableSnapshot>(DARK_POOL_TABLE_SNAPSHOT, asOf, { as_of: asOf, rows: table });
  log.info('dark pool snapshots written', { asOf, tickers: heads.length, tableRows: table.length });
  return { asOf, tickers: heads.length };
}
