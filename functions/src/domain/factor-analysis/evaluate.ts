import { FACTOR_RULES } from '@tapewatch/shared/params/factor-analysis';
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
import { chooseHorizon, walkForwardPeriods } from './walk-forward.ts';

export const HORIZONS: Record<Timeframe, readonly number[]> = {
  daily: [1, 5, 10, 20, 40, 60, 120],
  weekly: [1, 2, 4, 8, 12, 26, 52],
};

/** Thresholds and their reasons: shared FACTOR_RULES (the page help states them). */
export const QUALITY_MIN_SIGNALS = FACTOR_RULES.minTrades;
export const QUALITY_MIN_PROFITABLE_PCT = FACTOR_RULES.minProfitablePct;

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Statistics of the forward returns (percent) at one horizon. profit_loss_ratio = mean gain of the
 * profitable signals / |mean loss of the losing ones|; null (shown as '-' / infinity) without losses
 * or without gains and losses. A return of exactly 0 counts as neither profitable nor a loss.
 */
export function horizonStats(horizon: number, returns: readonly number[]): HorizonStats {
  const n = returns.length;
  const gains = returns.filter((r) => r > 0);
  const losses = returns.filter((r) => r < 0);
  const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    horizon,
    count: n,
    mean: n ? meanOf(returns) : 0,
    median: median(returns),
    profitable_pct: n ? (gains.length / n) * 100 : 0,
    profit_loss_ratio: gains.length && losses.length ? meanOf(gains) / Math.abs(meanOf(losses)) : null,
  };
}

/** In-sample best horizon over the whole history (hindsight: kept only for the comparison). */
export function pickBest(stats: readonly HorizonStats[]): HorizonStats | null {
  const maxCount = Math.max(0, ...stats.map((s) => s.count));
  if (maxCount === 0) return null;
  return chooseHorizon(stats, Math.min(QUALITY_MIN_SIGNALS, maxCount)) as HorizonStats | null;
}

/** The quality rule on the out-of-sample trades; the latest signal needs a walk-forward period. */
export function passesQuality(oos: TradeStats): boolean {
  return (
    oos.horizon !== null &&
    oos.count >= QUALITY_MIN_SIGNALS &&
    oos.profitable_pct >= QUALITY_MIN_PROFITABLE_PCT &&
    oos.mean > 0
  );
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
  return {
    signals,
    stats,
    inSample: pickBest(stats),
    outOfSample,
    notEnoughHistory: signals.filter((s) => s.period === null).length,
    pending: signals.filter((s) => s.period !== null && s.outcome === null).length,
    passesQuality: passesQuality(outOfSample),
    entry,
    entryOffset,
    lastSignalDate: signals.at(-1)?.date ?? null,
    lastBarDate: bars.at(-1)?.date ?? null,
  };
}
