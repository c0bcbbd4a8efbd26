import type { LatestSignal } from './latest-signal.ts';

export type FactorId =
  | 'uptrend'
  | 'sustained_momentum'
  | 'momentum'
  | 'relative_strength'
  | 'new_high'
  | 'filtered_momentum'
  | 'roc_curve'
  | 'dark_pools';
export type Timeframe = 'daily' | 'weekly';
/** Ascending, adjusted prices. */
export interface DailyBar {
  date: string;
  close: number;
  /** Adjusted open (same adjustment as the close); absent when the source has no opens. */
  open?: number;
}
export interface FactorInputs {
  bars: DailyBar[];
  /** SPY closes (relative strength and its alignment). */
  benchmark: DailyBar[];
  /** Dark-pool position (20-day net short volume), ascending. */
  darkPoolPosition?: { date: string; value: number }[];
}
/** Returns are in percent (2.5 = +2.5%). */
export interface HorizonStats {
  horizon: number;
  count: number;
  mean: number;
  median: number;
  profitable_pct: number;
  profit_loss_ratio: number | null;
}
/** Which price a trade enters and exits at: the bar after the signal's open, or its close when there are no opens. */
export type EntryPrice = 'next_open' | 'next_close';
export interface FactorSignal {
  date: string;
  close: number;
  /** Forward return in percent per horizon, from the entry bar; null when the exit lies beyond the last bar. */
  forward: Record<number, number | null>;
  /**
   * The walk-forward period: the horizon chosen at this signal from the outcomes known before its
   * date only; null = not enough history (too few known outcomes at every horizon).
   */
  period: number | null;
  /** The forward return at that period; null without a period or while the trade is still open. */
  outcome: number | null;
}
/** Statistics of a set of trades; `horizon` is the period they describe (null when it varies per trade). */
export interface TradeStats extends Omit<HorizonStats, 'horizon'> {
  horizon: number | null;
}
export interface FactorEvaluation {
  /** Every past signal, oldest first. */
  signals: FactorSignal[];
  /** In-sample, per horizon (daily 1,5,10,20,40,60,120; weekly 1,2,4,8,12,26,52): descriptive only. */
  stats: HorizonStats[];
  /** In-sample: the horizon that scored best over the whole history (hindsight), for comparison. */
  inSample: HorizonStats | null;
  /**
   * Out-of-sample: every walk-forward trade with a known outcome; horizon = the period chosen at the
   * latest signal (null when it had not enough history). The headline numbers.
   */
  outOfSample: TradeStats;
  /** Signals without a walk-forward period (not enough history) and trades still open. */
  notEnoughHistory: number;
  pending: number;
  /** The latest signal's panel from what was known on its date; null without signals. */
  latest: LatestSignal | null;
  /** The quality rule applied to the walk-forward record known on the latest signal's date (latest.passesQuality). */
  passesQuality: boolean;
  entry: EntryPrice;
  /** Bars between the signal bar and the entry bar (1 in the product; tests move it). */
  entryOffset: number;
  lastSignalDate: string | null;
  lastBarDate: string | null;
}
