import { DirectoryRepository } from '../data/directory-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { refreshUniverse } from '../domain/tickers/universe.ts';
import { clockFor, dataMode } from '../platform/clock.ts';
import { providerFor } from '../providers/market-provider.ts';
import { runLogged, type JobEvent, type JobOptions } from './job-runner.ts';

export const UNIVERSE_DATASET = 'ticker-universe';

/**
 * The ticker universe (06:30 New York, after Nasdaq Trader rewrites its directories overnight):
 * today's listings merged into the directory search, quotes and the prices job read. The new
 * directory is written only after both files parsed and passed the shrink check, so a failed
 * refresh leaves the previous universe in place (and the run is logged as failed). The demo keeps
 * the bundle's universe, whose listings, sectors and share counts are those of the demo date.
 */
export async function runUniverseRefresh(_event?: JobEvent, opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'universe',
    today,
    today,
    async (ctx) => {
      if (dataMode() === 'demo' && !ctx.provider) {
        ctx.log.info('demo mode: the bundled universe is kept');
        return { rowsRead: 0, rowsWritten: 0, rowsSkipped: 0 };
      }
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      ctx.progress(0, 2, 'listings');
      const report = await provider.symbolDirectory();
      if (report.skipped > 0) ctx.log.warn('malformed listing lines skipped', { skipped: report.skipped });
      const directory = new DirectoryRepository(ctx.db);
      const next = refreshUniverse(await directory.all(), report.rows);
      ctx.progress(1, 2, 'directory');
      await directory.put(today, next);
      await new JobLogRepository(ctx.db).setDatasetAsOf(UNIVERSE_DATASET, today);
      ctx.progress(2, 2, 'done');
      return { rowsRead: report.rows.length + report.skipped, rowsWritten: next.length, rowsSkipped: report.skipped };
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runUniverseRefresh(event);
export const run = runUniverseRefresh;
