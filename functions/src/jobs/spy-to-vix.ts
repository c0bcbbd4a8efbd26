import { documentClient } from '../data/client.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { TimeSeriesRepository, totalReturnCloses } from '../data/timeseries-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { alignCloses, computeSpyToVix } from '../domain/spy-to-vix/spy-to-vix.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';

export const SPY_TO_VIX_SNAPSHOT = snapshots.spyToVix.name;
/** The study starts with the bundled history in 2004. */
export const SPY_TO_VIX_FROM = '2004-01-01';

/**
 * Precomputes the SPY To VIX snapshot (regressions and joint distributions per horizon) from the
 * stored SPY (dividend-adjusted) and VIX daily closes. Idempotent per as-of date.
 */
export async function runSpyToVixJob(opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'spy-to-vix',
    today,
    today,
    async ({ db, log }) => {
      const repo = new TimeSeriesRepository(db);
      const fromYear = Number(SPY_TO_VIX_FROM.slice(0, 4));
      const [spy, vix] = await Promise.all([repo.getSeries('SPY', fromYear), repo.getSeries('VIX', fromYear)]);
      const aligned = alignCloses({ date: spy.date, close: totalReturnCloses(spy) }, vix, SPY_TO_VIX_FROM, today);
      // 20-day regressions with 19 Newey-West lags need a few hundred days to mean anything.
      if (aligned.dates.length < 250)
        throw new Error(
          `Only ${aligned.dates.length} common SPY/VIX days on or before ${today}; load market data first.`,
        );
      const asOf = aligned.dates[aligned.dates.length - 1]!;
      const payload = computeSpyToVix(aligned, asOf);
      await new SnapshotRepository(db).put(SPY_TO_VIX_SNAPSHOT, asOf, payload);
      await new JobLogRepository(db).setDatasetAsOf(SPY_TO_VIX_SNAPSHOT, asOf);
      log.info('snapshot written', {
        asOf,
        days: aligned.dates.length,
        corr5d: payload.spy_to_vix_prob_positive.regression_data['5d'].correlation,
      });
      return { rowsRead: spy.date.length + vix.date.length, rowsWritten: 1, rowsSkipped: 0 };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runSpyToVixJob();
export const run = (_event?: unknown, opts?: JobOptions) => runSpyToVixJob(opts);
