import { SECTOR_ETFS, SECTOR_PERFORMANCE } from '@tapewatch/shared/constants';
import { documentClient } from '../data/client.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { TimeSeriesRepository, totalReturnCloses, type DailySeries } from '../data/timeseries-repository.ts';
import { computeSectorPerformance, type SectorSeries } from '../domain/sectors/sector-performance.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';

export const SECTOR_PERFORMANCE_SNAPSHOT = snapshots.sectorPerformance.name;

/**
 * A sector ETF's history up to `today` on the dividend-adjusted basis, in every mode: the bundled
 * demo closes are already adjusted (yfinance auto_adjust) and carry no separate column, while a
 * real provider's bars keep the price-only close next to the adjusted one. Returns null when the
 * ETF has not traded by `today`.
 */
export function sectorSeries(ticker: string, sector: string, s: DailySeries, today: string): SectorSeries | null {
  const end = s.date.findLastIndex((d) => d <= today);
  if (end < 0) return null;
  return { ticker, sector, dates: s.date.slice(0, end + 1), closes: totalReturnCloses(s).slice(0, end + 1) };
}

/**
 * Precomputes the Sector Performance snapshot from the stored sector ETF history. Idempotent:
 * re-running for the same as-of date rewrites the same snapshot.
 */
export async function runSectorPerformanceJob(opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'sector-performance',
    today,
    today,
    async ({ db, log }) => {
      const repo = new TimeSeriesRepository(db);
      const fromYear = Number(SECTOR_PERFORMANCE.seasonalityFrom.slice(0, 4)) - 1;
      const sectors: SectorSeries[] = [];
      for (const { ticker, sector } of SECTOR_ETFS) {
        const series = sectorSeries(ticker, sector, await repo.getSeries(ticker, fromYear), today);
        if (!series) throw new Error(`No ${ticker} history on or before ${today}; load market data first.`);
        sectors.push(series);
      }
      // The as-of date is the last day every sector has traded (a late file for one ETF must not skew the others).
      const asOf = sectors.map((s) => s.dates[s.dates.length - 1]!).sort()[0]!;
      const payload = computeSectorPerformance(sectors, asOf, SECTOR_PERFORMANCE.seasonalityFrom);
      await new SnapshotRepository(db).put(SECTOR_PERFORMANCE_SNAPSHOT, asOf, payload);
      await new JobLogRepository(db).setDatasetAsOf(SECTOR_PERFORMANCE_SNAPSHOT, asOf);
      log.info('snapshot written', { asOf, sectors: sectors.length });
      return { rowsRead: sectors.reduce((n, s) => n + s.dates.length, 0), rowsWritten: 1, rowsSkipped: 0 };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runSectorPerformanceJob();
export const run = (_event?: unknown, opts?: JobOptions) => runSectorPerformanceJob(opts);
