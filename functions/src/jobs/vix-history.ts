import { JobLogRepository } from '../data/job-log-repository.ts';
import { splitByYear, TimeSeriesRepository, type DailySeries } from '../data/timeseries-repository.ts';
import { clockFor, dataMode } from '../platform/clock.ts';
import type { VixDay } from '../providers/cboe/vix-history.ts';
import { providerFor } from '../providers/market-provider.ts';
import { runLogged, type JobEvent, type JobOptions } from './job-runner.ts';
import { mergeBars } from './prices.ts';

export const VIX_DATASET = 'vix-history';
/** The series the SPY To VIX precompute joins with SPY (the demo bundle stores it under the same name). */
export const VIX_TICKER = 'VIX';

/**
 * The stored history with the file's days laid over it (prices.ts's merge: a day in both takes the
 * file's values, as CBOE corrects past days now and then; a stored day the file lacks stays). An
 * index has no volume and no dividends, so both columns stay null.
 */
export function mergeVixDays(stored: DailySeries, days: readonly VixDay[]): DailySeries {
  return mergeBars(
    { ...stored, volume: null, adjClose: null },
    days.map((d) => ({ ticker: VIX_TICKER, ...d, volume: 0, vwap: null, transactions: null, timestamp: 0 })),
  );
}

/** The year chunks of `next` whose rows differ from `stored`'s: all a run needs to write. */
function changedYears(stored: DailySeries, next: DailySeries): DailySeries[] {
  const before = splitByYear({ ...stored, volume: null, adjClose: null });
  return [...splitByYear(next)]
    .filter(([y, chunk]) => JSON.stringify(before.get(y)) !== JSON.stringify(chunk))
    .map(([, c]) => c);
}

/**
 * The VIX daily history (16:30 New York, after the index's 16:15 close): CBOE's one file holds every
 * day since 1990, so the first run is the whole backfill and later runs rewrite only the years that
 * changed (normally the current one). Nothing is written unless the whole file parsed (the fetcher
 * refuses a damaged one) and it reaches at least the last stored day: a file that ends earlier was
 * cut at a line break or is stale, so the run fails, the stored history stays, and SPY To VIX says
 * the last update failed. The demo keeps the bundle's VIX closes.
 */
export async function runVixHistoryIngest(_event?: JobEvent, opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'vix',
    today,
    today,
    async (ctx) => {
      if (dataMode() === 'demo' && !ctx.provider) {
        ctx.log.info('demo mode: the bundled VIX history is kept');
        return { rowsRead: 0, rowsWritten: 0, rowsSkipped: 0 };
      }
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      ctx.progress(0, 2, 'VIX_History.csv');
      const report = await provider.vixHistory();
      // A clock behind the file (a replayed day) sees only the days it could have seen.
      const days = report.rows.filter((d) => d.date <= today);
      const last = days.at(-1)?.date;
      if (!last) throw new Error(`CBOE's VIX history has no day on or before ${today}.`);
      const repo = new TimeSeriesRepository(ctx.db);
      const stored = await repo.getSeries(VIX_TICKER);
      const storedLast = stored.date.at(-1);
      if (storedLast && last < storedLast)
        throw new Error(
          `CBOE's VIX history ends on ${last}, before the stored history's last day ${storedLast}: the file is cut short or stale; the stored history is kept.`,
        );
      ctx.progress(1, 2, 'store');
      let rowsWritten = 0;
      for (const chunk of changedYears(stored, mergeVixDays(stored, days)))
        rowsWritten += await repo.putSeries(VIX_TICKER, chunk);
      await new JobLogRepository(ctx.db).setDatasetAsOf(VIX_DATASET, last);
      ctx.log.info('VIX history stored', { first: days[0]!.date, last, days: days.length, chunks: rowsWritten });
      ctx.progress(2, 2, 'done');
      return { rowsRead: report.rows.length, rowsWritten, rowsSkipped: report.skipped };
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runVixHistoryIngest(event);
export const run = runVixHistoryIngest;
