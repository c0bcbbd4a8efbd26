import { FACTOR_RULES } from '@tapewatch/shared/params/factor-analysis';
import type { HorizonStats, TradeStats } from './types.ts';

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

/** The quality rule on the out-of-sample trades; the latest signal needs a walk-forward period. */
export function passesQuality(oos: TradeStats): boolean {
  return (
    oos.horizon !== null &&
    oos.count >= QUALITY_MIN_SIGNALS &&
    oos.profitable_pct >= QUALITY_MIN_PROFITABLE_PCT &&
    oos.mean > 0
  );
}
