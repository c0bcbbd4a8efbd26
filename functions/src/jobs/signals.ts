import { documentClient } from '../data/client.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import {
  evaluateFactor,
  factorCondition,
  FACTORS,
  type FactorId,
  type Timeframe,
} from '../domain/factor-analysis/index.ts';
import type { SignalEvaluation } from '../domain/signals/build-signals.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';
import { computeSignals, type SignalInputs } from './signals-compute.ts';
import { SIGNALS_SNAPSHOT } from './signals-snapshot.ts';

/**
 * Only a signal on the latest bar can make a row, so the forward-return statistics (half the
 * cost) are computed only when the factor's condition turns true on that bar; the rising-edge
 * rule is the factor module's (true now, false on the previous bar).
 */
export function evaluateLatest(factor: FactorId, timeframe: Timeframe, inputs: SignalInputs): SignalEvaluation {
  const i = inputs[timeframe];
  const cond = factorCondition(factor, timeframe, i.bars, i);
  const n = cond.length;
  if (n < 2 || cond[n - 1] !== true || cond[n - 2] !== false) {
    return { latest: null, lastSignalDate: null, lastBarDate: i.bars.at(-1)?.date ?? null };
  }
  return evaluateFactor(factor, timeframe, i);
}

/**
 * Nightly signals table (Factor Analysis / All): every factor on daily and weekly bars for the
 * whole universe, keeping the signals that fired on the latest date and whose walk-forward
 * (out-of-sample) trades pass the quality rule: the same evaluation the single-stock page shows.
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
      const res = await computeSignals(db, today, factors, evaluateLatest, progress);
      await new SnapshotRepository(db).put(SIGNALS_SNAPSHOT, res.asOf, res.rows);
      await new JobLogRepository(db).setDatasetAsOf(SIGNALS_SNAPSHOT, res.asOf);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      log.info('snapshot written', {
        asOf: res.asOf,
        tickers: res.tickers,
        signals: res.rows.length,
        skipped: res.skipped,
        seconds,
      });
      return { rowsRead: res.rowsRead, rowsWritten: 1, rowsSkipped: res.skipped };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runSignalsJob();
export const run = (_event?: unknown, opts?: JobOptions) => runSignalsJob(opts);
