import type { ClustersTable, ClustersTableRow } from '@tapewatch/shared/schemas/clusters';
import { documentClient } from '../data/client.ts';
import { DirectoryRepository } from '../data/directory-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { TimeSeriesRepository } from '../data/timeseries-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { clustersTableRow } from '../domain/clusters/clusters-table.ts';
import { CLUSTER_HISTORY_YEARS, toClusterSeries } from '../domain/clusters/cluster-series.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';

export const CLUSTERS_TABLE_SNAPSHOT = snapshots.clustersTable.name;
/** Parallel series reads: hides DynamoDB latency; the clustering itself is CPU-bound anyway. */
const CONCURRENCY = 16;

/**
 * Nightly Clusters all-stocks table: clusters every stock and ETF of the directory with the default
 * parameters and stores the current cluster's average forward returns. Tickers with too little
 * history are skipped (counted as skipped). Idempotent per as-of date.
 */
export async function runClustersTableJob(opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'clusters-table',
    today,
    today,
    async ({ db, log, progress }) => {
      const entries = (await new DirectoryRepository(db).all()).filter((e) => e.kind !== 'index');
      if (entries.length === 0) throw new Error('The ticker directory is empty; load market data first.');
      const repo = new TimeSeriesRepository(db);
      const fromYear = Number(today.slice(0, 4)) - CLUSTER_HISTORY_YEARS;
      const rows = new Map<string, ClustersTableRow>();
      let read = 0;
      for (let i = 0; i < entries.length; i += CONCURRENCY) {
        const batch = entries.slice(i, i + CONCURRENCY);
        const series = await Promise.all(batch.map((e) => repo.getSeries(e.symbol, fromYear)));
        batch.forEach((e, j) => {
          const s = toClusterSeries(series[j]!, today);
          read += s.dates.length;
          const row = clustersTableRow(e.symbol, s);
          if (row) rows.set(e.symbol, row);
        });
        progress(Math.min(i + CONCURRENCY, entries.length), entries.length, 'tickers');
      }
      const all = entries.flatMap((e) => rows.get(e.symbol) ?? []).sort((a, b) => a.ticker.localeCompare(b.ticker));
      const inSet = (pick: (e: (typeof entries)[number]) => boolean) =>
        new Set(entries.filter(pick).map((e) => e.symbol));
      const sp = inSet((e) => e.in_sp500);
      const nq = inSet((e) => e.in_nasdaq100);
      const asOf =
        all
          .map((r) => r.date)
          .sort()
          .at(-1) ?? today;
      const payload: ClustersTable = {
        as_of: asOf,
        all,
        sp500: all.filter((r) => sp.has(r.ticker)),
        nasdaq100: all.filter((r) => nq.has(r.ticker)),
      };
      await new SnapshotRepository(db).put(CLUSTERS_TABLE_SNAPSHOT, asOf, payload);
      await new JobLogRepository(db).setDatasetAsOf(CLUSTERS_TABLE_SNAPSHOT, asOf);
      log.info('snapshot written', { asOf, tickers: all.length, skipped: entries.length - all.length });
      return { rowsRead: read, rowsWritten: 1, rowsSkipped: entries.length - all.length };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runClustersTableJob();
export const run = (_event?: unknown, opts?: JobOptions) => runClustersTableJob(opts);
