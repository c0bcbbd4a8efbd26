import { documentClient } from '../../data/client.ts';
import { FlowColumnsRepository } from '../../data/flow-columns-repository.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { decodeColumns } from '../../domain/alerts/columns-codec.ts';
import { toColumns, type DayColumns } from '../../domain/alerts/flow-columns.ts';

/**
 * Stored flow days in columns, per container. A past day changes only when re-ingested, and then
 * its content version (and usually its count) changes, so (date, count, version) identifies a
 * cached day; only new or changed days are read. A cold container reads the days' stored columns
 * (written by the ingest: one range query for the year, issue 35 item 11); a day without them
 * (ingested before they existed) is built from its trades, as before, in memory only: the route
 * stays read-only (no write grant on AWS, and read-only routes are the ones a key may speculate on).
 */
const cached = new Map<string, { trades: number; version: string; cols: DayColumns }>();
let loading: Promise<unknown> = Promise.resolve();
const PARALLEL_DAYS = 6;

/** The stored days before `today` (the live day belongs to the live matcher), oldest first. */
export async function historyColumns(today: string, from = '2000-01-01'): Promise<DayColumns[]> {
  // One load at a time: concurrent first backtests share the reads instead of repeating them.
  const run = loading.then(() => load(today, from));
  loading = run.catch(() => undefined);
  return run;
}

async function load(today: string, from: string): Promise<DayColumns[]> {
  const db = documentClient();
  const repo = new FlowRepository(db);
  const listed = (await repo.listDays(from, today)).filter((d) => d.date < today && d.trades > 0);
  const same = (c: { trades: number; version: string } | undefined, d: { trades: number; version: string }) =>
    c !== undefined && c.trades === d.trades && c.version === d.version;
  const missing = listed.filter((d) => !same(cached.get(d.date), d));
  if (missing.length > 0) {
    const store = new FlowColumnsRepository(db);
    const dates = missing.map((d) => d.date).sort();
    const stored = await store.readRange(dates[0]!, dates.at(-1)!);
    const rebuild: typeof missing = [];
    for (const d of missing) {
      const s = stored.get(d.date);
      const cols = s && same(s, d) ? decodeColumns(s.bytes) : null;
      if (cols) cached.set(d.date, { trades: d.trades, version: d.version, cols });
      else rebuild.push(d);
    }
    for (let i = 0; i < rebuild.length; i += PARALLEL_DAYS) {
      await Promise.all(
        rebuild.slice(i, i + PARALLEL_DAYS).map(async (d) => {
          const cols = toColumns(d.date, (await repo.readDay(d.date)).trades);
          cached.set(d.date, { trades: d.trades, version: d.version, cols });
        }),
      );
    }
  }
  const wanted = new Set(listed.map((d) => d.date));
  for (const date of cached.keys()) if (!wanted.has(date) && date >= from) cached.delete(date);
  return listed.map((d) => cached.get(d.date)!.cols).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Forgets the container's days (tests: the next backtest is a cold one). */
export function clearHistoryColumns(): void {
  cached.clear();
}
