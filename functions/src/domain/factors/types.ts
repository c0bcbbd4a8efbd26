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
/** Ascending, adjusted closes. */
export interface DailyBar {
  date: string;
  close: number;
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
export interface FactorSignal {
  date: string;
  close: number;
  /** Forward return in percent per horizon; null when the horizon lies beyond the last bar. */
  forward: Record<number, number | null>;
}
export interface FactorEvaluation {
  /** Every past signal, oldest first. */
  signals: FactorSignal[];
  /** Per horizon (daily 1,5,10,20,40,60,120; weekly 1,2,4,8,12,26,52). */
  stats: HorizonStats[];
  /** The signal's period and expected return. */
  best: HorizonStats | null;
  passesQuality: boolean;
  lastSignalDate: string | null;
  lastBarDate: string | null;
}
