import { documentClient } from '../data/client.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { computeSp500Ratios } from '../domain/sp500/compute.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';
import { providerFor } from '../providers/market-provider.ts';

export const SP500_RATIOS_SNAPSHOT = snapshots.sp500Ratios.name;

/**
 * Precomputes the 36 S&P 500 Statistics datasets from the provider's monthly S&P 500 data
 * (Shiller's file in demo mode), cut at the clock's today. Idempotent per as-of date.
 */
export async function runSp500RatiosJob(opts: JobOptions = {}) {
  const clock = clockFor();
  const today = clock.today();
  return runLogged(
    'sp500-ratios',
    today,
    today,
    async ({ db, log, provider }) => {
      const report = await (provider ?? providerFor(db, clock)).sp500Monthly();
      const rows = report.rows.filter((r) => r.date <= today);
      if (rows.length < 24)
        throw new Error(`Only ${rows.length} months of S&P 500 data on or before ${today}; load market data first.`);
      const payload = computeSp500Ratios(rows, today);
      await new SnapshotRepository(db).put(SP500_RATIOS_SNAPSHOT, today, payload);
      await new JobLogRepository(db).setDatasetAsOf(SP500_RATIOS_SNAPSHOT, today);
      log.info('snapshot written', {
        asOf: today,
        months: rows.length,
        lastMonth: rows.at(-1)?.date,
        skipped: report.skipped,
      });
      return { rowsRead: report.rows.length, rowsWritten: 1, rowsSkipped: report.skipped };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runSp500RatiosJob();
export const run = (_event?: unknown, opts?: JobOptions) => runSp500RatiosJob(opts);
