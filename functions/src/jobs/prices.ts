import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { DirectoryRepository } from '../data/directory-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { marketKeys } from '../data/keys.ts';
import { tableName } from '../data/tables.ts';
import { TimeSeriesRepository, emptySeries, type DailySeries } from '../data/timeseries-repository.ts';
import { clockFor } from '../platform/clock.ts';
import { tradingDaysBetween } from '../domain/calendar/nyse.ts';
import type { DailyBar } from '../providers/polygon/aggregates.ts';
import { fetchDays } from './ingest-days.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';
import { providerFor } from '../providers/market-provider.ts';

export const PRICES_DATASET = 'daily-prices';

/** Inserts or replaces one bar per date in a year's series, keeping dates in order. */
export function mergeBars(chunk: DailySeries, bars: readonly DailyBar[]): DailySeries {
  const rows = new Map(
    chunk.date.map((d, i) => [
      d,
      {
        o: chunk.open[i]!,
        h: chunk.high[i]!,
        l: chunk.low[i]!,
        c: chunk.close[i]!,
        v: chunk.volume?.[i] ?? null,
        a: chunk.adjClose?.[i] ?? null,
      },
    ]),
  );
  for (const b of bars) {
    const prev = rows.get(b.date);
    // A new bar's dividend-adjusted close is its close until the next ex-date adjusts history.
    rows.set(b.date, {
      o: b.open,
      h: b.high,
      l: b.low,
      c: b.close,
      v: b.volume,
      a: prev?.a ?? (chunk.adjClose ? b.close : null),
    });
  }
  const out: DailySeries = { ...emptySeries(), volume: chunk.volume ? [] : null, adjClose: chunk.adjClose ? [] : null };
  for (const d of [...rows.keys()].sort()) {
    const r = rows.get(d)!;
    out.date.push(d);
    out.open.push(r.o);
    out.high.push(r.h);
    out.low.push(r.l);
    out.close.push(r.c);
    out.volume?.push(r.v ?? 0);
    out.adjClose?.push(r.a ?? r.c);
  }
  return out;
}

/**
 * Daily prices (16:15 New York): one grouped-daily file per trading day (Polygon's whole-market
 * bars; in the demo, the bundled bars in the same shape), merged into each ticker's year chunk.
 * Only tickers of the universe (the directory the universe job keeps) or with stored history are
 * kept, so the universe does not grow by accident; a universe ticker's first bar starts its series.
 */
export async function runPricesIngest(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today());
  return runLogged(
    'prices',
    from,
    to,
    async (ctx) => {
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      const { byDate, counts } = await fetchDays(ctx, tradingDaysBetween(from, to), (d) => provider.groupedDaily(d));
      const byTickerYear = new Map<string, DailyBar[]>();
      for (const bars of byDate.values()) {
        for (const b of bars) {
          const k = `${b.ticker}|${b.date.slice(0, 4)}`;
          byTickerYear.set(k, [...(byTickerYear.get(k) ?? []), b]);
        }
      }
      const repo = new TimeSeriesRepository(ctx.db);
      const universe = new Set((await new DirectoryRepository(ctx.db).all()).map((e) => e.symbol));
      const keys = [...byTickerYear.keys()];
      for (let i = 0; i < keys.length; i += 50) {
        const slice = keys.slice(i, i + 50).map((k) => k.split('|') as [string, string]);
        const res = await ctx.db.send(
          new BatchGetCommand({
            RequestItems: {
              [tableName('market')]: { Keys: slice.map(([t, y]) => marketKeys.seriesChunk('daily', t, Number(y))) },
            },
          }),
        );
        const existing = new Map(
          (res.Responses?.[tableName('market')] ?? []).map((it) => [
            `${it.ticker}|${it.year}`,
            JSON.parse(it.data as string) as DailySeries,
          ]),
        );
        for (const [t, y] of slice) {
          // A ticker outside the universe without stored history is skipped rather than invented.
          const chunk = existing.get(`${t}|${y}`) ?? (universe.has(t) ? emptySeries() : null);
          if (!chunk) continue;
          counts.rowsWritten += await repo.putSeries(t, mergeBars(chunk, byTickerYear.get(`${t}|${y}`)!));
        }
      }
      const last = [...byDate.keys()]
        .filter((d) => (byDate.get(d) ?? []).length > 0)
        .sort()
        .at(-1);
      if (last) await new JobLogRepository(ctx.db).setDatasetAsOf(PRICES_DATASET, last);
      return counts;
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runPricesIngest(event);
export const run = runPricesIngest;
