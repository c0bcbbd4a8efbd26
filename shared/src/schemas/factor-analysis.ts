import { z } from 'zod';
import { tickerParam } from './tickers.ts';
import { factorIds, FACTOR_TIMEFRAMES } from '../params/factor-analysis.ts';
export * from '../params/factor-analysis.ts';

export const factorAnalysisQuery = z.strictObject({
  ticker: tickerParam,
  factor: z.enum(factorIds),
  timeframe: z.enum(FACTOR_TIMEFRAMES),
});

const num = z.number();
const nullableNum = z.number().nullable();

/** Empty when the latest signal fails the quality rule. Percents (2.5 = 2.5%); period in bars. */
export const lastSignalSchema = z.union([
  z.strictObject({}),
  z.object({
    date: z.string(),
    period: num,
    period_unit: z.enum(['days', 'weeks']),
    expected_ret: num,
    profitable_pct: num,
    profit_loss: z.union([num, z.literal('-')]),
    signals: num,
  }),
]);

/**
 * Present data. factor_statistics_data and past_signals_data are JSON strings (spec 7.3):
 * statistics rows {index, fwd_ret_N...} for count/mean/median/profitable_pct/profit_loss_ratio
 * ('-' when no loss), past signals {date, close, fwd_ret_N (null beyond the last bar)}, newest first.
 */
export const factorAnalysisData = z.object({
  ticker: z.string(),
  factor: z.enum(factorIds),
  timeframe: z.enum(FACTOR_TIMEFRAMES),
  as_of: z.string(),
  horizons: z.array(num),
  best_horizon: nullableNum,
  passes_quality: z.boolean(),
  last_signal_data: lastSignalSchema,
  /** Recent closes, the signal markers among them, and the projection from the last signal over its period. */
  predictions_data: z.object({
    dates: z.array(z.string()),
    prices: z.array(num),
    signal_dates: z.array(z.string()),
    prediction: z.object({ dates: z.array(z.string()), expected: z.array(num), median: z.array(num) }).nullable(),
  }),
  /** Each past signal's forward return at the best horizon (signals without one are left out). */
  past_signals_returns_data: z.object({ horizon: nullableNum, dates: z.array(z.string()), returns: z.array(num) }),
  /** Histogram of those returns: bins [lower, upper) in percent. */
  past_signals_return_hist_data: z.object({ lower: z.array(num), upper: z.array(num), counts: z.array(num) }),
  factor_statistics_data: z.string(),
  past_signals_data: z.string(),
  /** Cumulative % of holding for the best horizon after each signal vs holding throughout. */
  cumulative_returns_data: z.object({ dates: z.array(z.string()), signals: z.array(num), buy_and_hold: z.array(num) }),
});
export type FactorAnalysisData = z.infer<typeof factorAnalysisData>;
export const factorAnalysisResponse = z.union([factorAnalysisData, z.strictObject({})]);
export type FactorAnalysisResponse = z.infer<typeof factorAnalysisResponse>;

export interface FactorStatisticsRow {
  index: 'count' | 'mean' | 'median' | 'profitable_pct' | 'profit_loss_ratio';
  [fwd: `fwd_ret_${number}`]: number | '-';
}
export interface PastSignalRow {
  date: string;
  close: number;
  [fwd: `fwd_ret_${number}`]: number | null;
}
