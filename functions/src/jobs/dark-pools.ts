import { DailyRowsRepository } from '../data/daily-rows-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { DAILY_SERIES } from '../data/daily-series.ts';
import { tradingDaysBetween } from '../domain/calendar/nyse.ts';
import { fetchDays, byTicker } from './ingest-days.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';
import { providerFor } from '../providers/market-provider.ts';
import { clockFor } from '../platform/clock.ts';
import { writeDarkPoolSnapshots } from './dark-pools-snapshots.ts';
import { finraTicker } from '../providers/finra/symbol.ts';

export const SHORT_VOLUME_SERIES = DAILY_SERIES.shortVolume;
export const SHORT_VOLUME_DATASET = 'finra-short-volume';

/** One ticker's FINRA short-sale volume for one day, with the per-ticker table's field names. */
export interface ShortVolumeDay {
  date: string;
  short_volume: number;
  short_exempt_volume: number;
  total_volume: number;
  market: string;
}

/**
 * Dark pools ingest (18:00 New York): the FINRA consolidated short-sale volume file of each trading
 * day in the range, parsed and merged into per-ticker yearly chunks. Re-running a day rewrites the
 * same rows, so the stored content does not change.
 */
export async function runDarkPoolsIngest(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today());
  return runLogged(
    'darkpools',
    from,
    to,
    async (ctx) => {
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      const { byDate, counts } = await fetchDays(ctx, tradingDaysBetween(from, to), (d) =>
        provider.dailyShortVolume(d),
      );
      const rows = byTicker(
        byDate,
        (r) => finraTicker(r.symbol),
        (r): ShortVolumeDay => ({
          date: r.date,
          short_volume: r.shortVolume,
          short_exempt_volume: r.shortExemptVolume,
          total_volume: r.totalVolume,
          market: r.markets.join(','),
        }),
      );
      counts.rowsWritten = await new DailyRowsRepository<ShortVolumeDay>(ctx.db, SHORT_VOLUME_SERIES).merge(rows);
      const last = [...byDate.keys()].sort().at(-1);
      // The Dark Pools screen reads only precomputed snapshots: build them from the merged rows
      // before the dataset marker, so "loaded" also means the screen's data is ready.
      if (rows.size > 0)
        await writeDarkPoolSnapshots(
          ctx.db,
          [...rows.keys()],
          SHORT_VOLUME_SERIES,
          ctx.log,
          Number(to.slice(0, 4)) - 1,
        );
      if (last) await new JobLogRepository(ctx.db).setDatasetAsOf(SHORT_VOLUME_DATASET, last);
      return counts;
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runDarkPoolsIngest(event);
export const run = runDarkPoolsIngest;
