import { DailyRowsRepository } from '../data/daily-rows-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { DAILY_SERIES } from '../data/daily-series.ts';
import { precomputeShortInterestTable } from './short-interest-precompute.ts';
import { clockFor } from '../platform/clock.ts';
import { shortInterestSettlementDates } from '../domain/calendar/short-interest-settlement.ts';
import { addDays } from '../domain/sectors/calendar.ts';
import { byTicker, fetchDays } from './ingest-days.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';
import { providerFor } from '../providers/market-provider.ts';
import { finraTicker } from '../providers/finra/symbol.ts';

export const SHORT_INTEREST_SERIES = DAILY_SERIES.shortInterest;
export const SHORT_INTEREST_DATASET = 'finra-short-interest';

export interface ShortInterestPoint {
  date: string;
  short_interest: number;
  previous_short_interest: number | null;
  avg_daily_volume: number | null;
  days_to_cover: number | null;
}

/**
 * Short interest ingest: FINRA publishes each settlement (mid-month and month-end) about a week
 * later, so the daily run looks back 30 days and re-reads any settlement it finds (idempotent);
 * unpublished ones are skipped until a later run.
 */
export async function runShortInterestIngest(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today(), (t) => addDays(t, -30));
  return runLogged(
    'shortinterest',
    from,
    to,
    async (ctx) => {
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      const { byDate, counts } = await fetchDays(ctx, shortInterestSettlementDates(from, to), (d) =>
        provider.shortInterest(d),
      );
      const rows = byTicker(
        byDate,
        (r) => finraTicker(r.symbol),
        (r, date): ShortInterestPoint => ({
          date,
          short_interest: r.currentShortInterest,
          previous_short_interest: r.previousShortInterest,
          avg_daily_volume: r.averageDailyVolume,
          days_to_cover: r.daysToCover,
        }),
      );
      counts.rowsWritten = await new DailyRowsRepository<ShortInterestPoint>(ctx.db, SHORT_INTEREST_SERIES).merge(rows);
      const last = [...byDate.keys()].sort().at(-1);
      // The screen's table is precomputed from the newest settlement of this run, after the merge.
      if (last) await precomputeShortInterestTable(ctx, last, rows);
      if (last) await new JobLogRepository(ctx.db).setDatasetAsOf(SHORT_INTEREST_DATASET, last);
      return counts;
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runShortInterestIngest(event);
export const run = runShortInterestIngest;
