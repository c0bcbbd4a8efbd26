import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SignalRow } from '@tapewatch/shared/schemas/signals';
import { DailyRowsRepository } from '../data/daily-rows-repository.ts';
import { DirectoryRepository } from '../data/directory-repository.ts';
import { TimeSeriesRepository } from '../data/timeseries-repository.ts';
import type { ShortVolumeInput } from '../domain/dark-pools/dark-pool-metrics.ts';
import { toWeekly } from '../domain/factor-analysis/index.ts';
import { orderSignals, signalsForTicker, type EvaluateFactor } from '../domain/signals/build-signals.ts';
import { SHORT_VOLUME_SERIES } from './dark-pools.ts';
import { toBars, toDarkPoolPosition, toSignalTicker, type Bar } from '../domain/signals/signals-inputs.ts';
import { startedEarly } from '../lib/started-early.ts';

/** Parallel series reads hide DynamoDB latency; evaluation is CPU-bound and runs in between. */
const CONCURRENCY = 16;

/** The factor module's FactorInputs. */
export interface TimeframeInputs {
  bars: Bar[];
  benchmark: Bar[];
  darkPoolPosition: { date: string; value: number }[];
}

/**
 * What every factor of one ticker is evaluated on, per timeframe. The weekly bars are built once
 * here: the factor module's weekly resampling leaves weekly bars unchanged, so each weekly
 * evaluation no longer re-buckets the whole daily history (the job's hottest step otherwise).
 */
export interface SignalInputs {
  daily: TimeframeInputs;
  weekly: TimeframeInputs;
}

export interface SignalsResult {
  asOf: string;
  rows: SignalRow[];
  tickers: number;
  rowsRead: number;
  skipped: number;
}

/**
 * Reads every stock and ETF of the directory once (adjusted closes, SPY benchmark, 20-day dark
 * pool position), evaluates each factor on both timeframes with the same inputs and keeps the
 * signals of the latest SPY date on or before `today`. A ticker without a bar on that date is skipped.
 */
export async function computeSignals(
  db: DynamoDBDocumentClient,
  today: string,
  factors: readonly SignalRow['factor'][],
  evaluate: EvaluateFactor<SignalInputs>,
  progress: (done: number, total: number, label: string) => void = () => {},
): Promise<SignalsResult> {
  const entries = (await new DirectoryRepository(db).all()).filter((e) => e.kind !== 'index');
  if (entries.length === 0) throw new Error('The ticker directory is empty; load market data first.');
  const prices = new TimeSeriesRepository(db);
  const shortVolume = new DailyRowsRepository<ShortVolumeInput>(db, SHORT_VOLUME_SERIES);
  // The whole stored history, as the single-stock page reads it, so a row and its page agree.
  const fromYear = 0;
  const spy = await prices.getSeries('SPY', fromYear);
  const asOf = spy.date.findLast((d) => d <= today);
  if (!asOf) throw new Error(`No SPY closes on or before ${today}; load market data first.`);
  const benchmark = toBars(spy, asOf);
  const rows: SignalRow[] = [];
  let rowsRead = 0;
  let skipped = 0;
  const load = (from: number) => {
    // Awaited on the next round: handled from now, so a failed read is that round's error, not a crash.
    return startedEarly(
      Promise.all(
        entries.slice(from, from + CONCURRENCY).map(async (e) => {
          const [series, sv] = await Promise.all([prices.getSeries(e.symbol, fromYear), shortVolume.get(e.symbol)]);
          return { e, series, sv };
        }),
      ),
    );
  };
  // The next batch is read while this one is evaluated (on AWS the reads are network waits).
  let next = load(0);
  for (let i = 0; i < entries.length; i += CONCURRENCY) {
    const loaded = await next;
    if (i + CONCURRENCY < entries.length) next = load(i + CONCURRENCY);
    for (const { e, series, sv } of loaded) {
      rowsRead += series.date.length + sv.length;
      const bars = toBars(series, asOf);
      if (bars.at(-1)?.date !== asOf) {
        skipped++;
        continue;
      }
      const darkPoolPosition = toDarkPoolPosition(sv, series, asOf);
      const inputs: SignalInputs = {
        daily: { bars, benchmark, darkPoolPosition },
        weekly: { bars: toWeekly(bars), benchmark, darkPoolPosition },
      };
      rows.push(...signalsForTicker(toSignalTicker(e, series, asOf), inputs, asOf, factors, evaluate));
    }
    progress(Math.min(i + CONCURRENCY, entries.length), entries.length, 'tickers');
  }
  return { asOf, rows: orderSignals(rows), tickers: entries.length, rowsRead, skipped };
}
