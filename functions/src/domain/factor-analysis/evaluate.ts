import { factorCondition } from './definitions.ts';
import { risingEdges, toWeekly } from './series.ts';
import type {
  DailyBar,
  EntryPrice,
  FactorEvaluation,
  FactorId,
  FactorInputs,
  FactorSignal,
  HorizonStats,
  Timeframe,
  TradeStats,
} from './types.ts';
import { latestSignalAt } from './latest-signal.ts';
import { horizonStats, QUALITY_MIN_SIGNALS } from './quality.ts';
import { chooseHorizon, walkForwardPeriods } from './walk-forward.ts';

export { horizonStats, median, passesQuality, QUALITY_MIN_PROFITABLE_PCT, QUALITY_MIN_SIGNALS } from './quality.ts';

export const HORIZONS: Record<Timeframe, readonly number[]> = {
  daily: [1, 5, 10, 20, 40, 60, 120],
  weekly: [1, 2, 4, 8, 12, 26, 52],
};

/** In-sample best horizon over the whole history (hindsight: kept only for the comparison). */
export function pickBest(stats: readonly HorizonStats[]): HorizonStats | null {
  const maxCount = Math.max(0, ...stats.map((s) => s.count));
  if (maxCount === 0) return null;
  return chooseHorizon(stats, Math.min(QUALITY_MIN_SIGNALS, maxCount)) as HorizonStats | null;
}

/** Next open when every bar has one (a mixed series would mix fills), else next close. */
export function entryPriceOf(bars: readonly DailyBar[]): EntryPrice {
  return bars.length > 0 && bars.every((b) => b.open !== undefined && Number.isFinite(b.open) && b.open > 0)
    ? 'next_open'
    : 'next_close';
}

export const priceAt = (bars: readonly DailyBar[], entry: EntryPrice, i: number): number | undefined =>
  entry === 'next_open' ? bars[i]?.open : bars[i]?.close;

export interface EvaluateOptions {
  /** Bars from the signal to the entry bar: 1 (the next bar) in the product; the entry-bar property test moves it. */
  entryOffset?: number;
}

export function evaluateFactor(
  factor: FactorId,
  timeframe: Timeframe,
  inputs: FactorInputs,
  options: EvaluateOptions = {},
): FactorEvaluation {
  const entryOffset = options.entryOffset ?? 1;
  const bars = timeframe === 'weekly' ? toWeekly(inputs.bars) : inputs.bars;
  const horizons = HORIZONS[timeframe];
  const entry = entryPriceOf(bars);
  const signalIdx = risingEdges(factorCondition(factor, timeframe, bars, inputs));
  const forward = signalIdx.map((i) => {
    const p0 = priceAt(bars, entry, i + entryOffset);
    return horizons.map((h) => {
      const p1 = priceAt(bars, entry, i + entryOffset + h);
      return p0 === undefined || p1 === undefined || p0 === 0 ? null : (p1 / p0 - 1) * 100;
    });
  });
  const periods = walkForwardPeriods({ signalIdx, entryOffset, horizons, forward });
  const signals: FactorSignal[] = signalIdx.map((i, k) => {
    const period = periods[k]!;
    return {
      date: bars[i]!.date,
      close: bars[i]!.close,
      forward: Object.fromEntries(horizons.map((h, j) => [h, forward[k]![j]!])),
      period,
      outcome: period === null ? null : forward[k]![horizons.indexOf(period)]!,
    };
  });
  const stats = horizons.map((h, j) =>
    horizonStats(
      h,
      forward.map((f) => f[j]!).filter((r): r is number => r !== null),
    ),
  );
  const outcomes = signals.flatMap((s) => (s.outcome === null ? [] : [s.outcome]));
  const outOfSample: TradeStats = { ...horizonStats(0, outcomes), horizon: signals.at(-1)?.period ?? null };
  const latest = signals.length ? latestSignalAt(signals, signalIdx, signals.length - 1, entryOffset) : null;
  return {
    signals,
    stats,
    inSample: pickBest(stats),
    outOfSample,
    notEnoughHistory: signals.filter((s) => s.period === null).length,
    pending: signals.filter((s) => s.period !== null && s.outcome === null).length,
    latest,
    passesQuality: latest?.passesQuality ?? false,
    entry,
    entryOffset,
    lastSignalDate: signals.at(-1)?.date ?? null,
    lastBarDate: bars.at(-1)?.date ?? null,
  };
}
