import { documentClient } from '../../data/client.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { toColumns, type DayColumns } from '../../domain/alerts/flow-columns.ts';

/**
 * Stored flow days in columns, per container. A past day changes only when re-ingested, and then its
 * trade count changes too, so (date, count) identifies a cached day; only new or changed days are
 * read. The first backtest of a container pays for reading the year; the next ones scan memory.
 */
const cached = new Map<string, { trades: number; cols: DayColumns }>();
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
  const repo = new FlowRepository(documentClient());
  const listed = (await repo.listDays(from, today)).filter((d) => d.date < today && d.trades > 0);
  const missing = listed.filter((d) => cached.get(d.date)?.trades !== d.trades);
  for (let i = 0; i < missing.length; i += PARALLEL_DAYS) {
    await Promise.all(
      missing.slice(i, i + PARALLEL_DAYS).map(async (d) => {
        const read = await repo.readDay(d.date);
        cached.set(d.date, { trades: d.trades, cols: toColumns(d.date, read.trades) });
      }),
    );
  }
  const wanted = new Set(listed.map((d) => d.date));
  for (const date of cached.keys()) if (!wanted.has(date) && date >= from) cached.delete(date);
  return listed.map((d) => cached.get(d.date)!.cols).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
