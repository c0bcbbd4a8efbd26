import { factorCondition } from './definitions.ts';
import { risingEdges, toWeekly } from './series.ts';
import type { FactorEvaluation, FactorId, FactorInputs, FactorSignal, HorizonStats, Timeframe } from './types.ts';

export const HORIZONS: Record<Timeframe, readonly number[]> = {
  daily: [1, 5, 10, 20, 40, 60, 120],
  weekly: [1, 2, 4, 8, 12, 26, 52],
};

/**
 * Quality rule: the best horizon needs at least QUALITY_MIN_SIGNALS past signals with a known forward
 * return, at least QUALITY_MIN_PROFITABLE_PCT % of them profitable, and a positive mean return.
 */
export const QUALITY_MIN_SIGNALS = 10;
export const QUALITY_MIN_PROFITABLE_PCT = 55;
export const QUALITY_RULE = `At the best horizon: at least ${QUALITY_MIN_SIGNALS} past signals, at least ${QUALITY_MIN_PROFITABLE_PCT}% of them profitable and a positive mean return.`;
/** Best horizon: highest profitable %, ties -> higher mean, then shorter horizon; among horizons with enough signals. */
export const BEST_RULE = `The best horizon (the signal's period) is the one with the highest profitable %, ties broken by the higher mean return, among horizons with at least ${QUALITY_MIN_SIGNALS} signals (or, with fewer signals, among those with the most).`;

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

export function pickBest(stats: readonly HorizonStats[]): HorizonStats | null {
  const maxCount = Math.max(0, ...stats.map((s) => s.count));
  if (maxCount === 0) return null;
  const floor = Math.min(QUALITY_MIN_SIGNALS, maxCount);
  let best: HorizonStats | null = null;
  for (const s of stats) {
    if (s.count < floor) continue;
    if (!best || s.profitable_pct > best.profitable_pct || (s.profitable_pct === best.profitable_pct && s.mean > best.mean)) best = s;
  }
  return best;
}

export function passesQuality(best: HorizonStats | null): boolean {
  return best !== null && best.count >= QUALITY_MIN_SIGNALS && best.profitable_pct >= QUALITY_MIN_PROFITABLE_PCT && best.mean > 0;
}

export function evaluateFactor(factor: FactorId, timeframe: Timeframe, inputs: FactorInputs): FactorEvaluation {
  const bars = timeframe === 'weekly' ? toWeekly(inputs.bars) : inputs.bars;
  const horizons = HORIZONS[timeframe];
  const condition = factorCondition(factor, timeframe, bars, inputs);
  const signals: FactorSignal[] = risingEdges(condition).map((i) => {
    const close = bars[i]!.close;
    const forward: Record<number, number | null> = {};
    for (const h of horizons) {
      const later = bars[i + h];
      forward[h] = later === undefined || close === 0 ? null : (later.close / close - 1) * 100;
    }
    return { date: bars[i]!.date, close, forward };
  });
  const stats = horizons.map((h) =>
    horizonStats(
      h,
      signals.map((s) => s.forward[h] ?? null).filter((r): r is number => r !== null),
    ),
  );
  const best = pickBest(stats);
  return {
    signals,
    stats,
    best,
    passesQuality: passesQuality(best),
    lastSignalDate: signals.at(-1)?.date ?? null,
    lastBarDate: bars.at(-1)?.date ?? null,
  };
}
