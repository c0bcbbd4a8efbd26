import { documentClient } from '../data/client.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { evaluateFactor, FACTORS } from '../domain/factors/index.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';
import { computeSignals } from './signals-compute.ts';
import { SIGNALS_SNAPSHOT } from './signals-snapshot.ts';

/**
 * Nightly signals table (Factor Analysis / All): every factor on daily and weekly bars for the
 * whole universe, keeping the signals that fired on the latest date and pass the quality rule.
 * Runs after the prices and dark pool ingests; idempotent per as-of date.
 */
export async function runSignalsJob(opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'signals',
    today,
    today,
    async ({ db, log, progress }) => {
      const started = performance.now();
      const factors = FACTORS.map((f) => f.id);
      const res = await computeSignals(db, today, factors, evaluateFactor, progress);
      await new SnapshotRepository(db).put(SIGNALS_SNAPSHOT, res.asOf, res.rows);
      await new JobLogRepository(db).setDatasetAsOf(SIGNALS_SNAPSHOT, res.asOf);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      log.info('snapshot written', { asOf: res.asOf, tickers: res.tickers, signals: res.rows.length, skipped: res.skipped, seconds });
      return { rowsRead: res.rowsRead, rowsWritten: 1, rowsSkipped: res.skipped };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runSignalsJob();
export const run = (_event?: unknown, opts?: JobOptions) => runSignalsJob(opts);
