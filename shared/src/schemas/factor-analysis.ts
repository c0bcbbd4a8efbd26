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

const profitLoss = z.union([num, z.literal('-')]);

/**
 * Empty when the latest signal fails the quality rule (or had not enough history). Everything is as
 * known on the signal's date (no later outcome, not its own): period = the walk-forward period chosen
 * at this signal; expected_ret, profitable_pct, profit_loss and signals describe the earlier signals
 * held exactly that period whose exit came before this signal (the figures the period was chosen on);
 * record_trades and record_profitable_pct are the walk-forward trades finished by then, which the
 * quality rule judges. Percents (2.5 = 2.5%); period in bars.
 */
export const lastSignalSchema = z.union([
  z.strictObject({}),
  z.object({
    date: z.string(),
    period: num,
    period_unit: z.enum(['days', 'weeks']),
    expected_ret: num,
    profitable_pct: num,
    profit_loss: profitLoss,
    signals: num,
    record_trades: num,
    record_profitable_pct: num,
  }),
]);

/**
 * One side of the in-sample / out-of-sample comparison. trades = trades with a known outcome;
 * mean, median and profitable_pct are null without trades; cumulative_pct = the curve's last value.
 */
export const sampleSummarySchema = z.object({
  period: nullableNum,
  trades: num,
  mean: nullableNum,
  median: nullableNum,
  profitable_pct: nullableNum,
  profit_loss: profitLoss,
  cumulative_pct: num,
});
export type SampleSummary = z.infer<typeof sampleSummarySchema>;

/**
 * Present data. factor_statistics_data and past_signals_data are JSON strings (spec 7.3):
 * statistics rows {index, fwd_ret_N...} for count/mean/median/profitable_pct/profit_loss_ratio
 * ('-' when no loss), in-sample over the whole history; past signals {date, close, period (walk-forward,
 * null = not enough history), outcome (return at that period, null while open), fwd_ret_N (null beyond
 * the last bar)}, newest first.
 */
export const factorAnalysisData = z.object({
  ticker: z.string(),
  factor: z.enum(factorIds),
  timeframe: z.enum(FACTOR_TIMEFRAMES),
  as_of: z.string(),
  horizons: z.array(num),
  /** Where trades fill: the next bar's open, or its close when the data has no opens. */
  entry: z.enum(['next_open', 'next_close']),
  passes_quality: z.boolean(),
  /** Why an empty last signal is empty: the latest signal had not enough history, or the trades fail the quality rule. */
  last_signal_status: z.enum(['ok', 'not_enough_history', 'fails_quality']),
  last_signal_data: lastSignalSchema,
  /** Hindsight: the horizon that scored best over the whole history. Descriptive only. */
  in_sample: sampleSummarySchema,
  /** Walk-forward: the headline numbers; not_enough_history signals were not traded, pending ones are still open. */
  out_of_sample: sampleSummarySchema.extend({ not_enough_history: num, pending: num }),
  /** Recent closes, the signal markers among them, and the projection from the last signal over its period. */
  predictions_data: z.object({
    dates: z.array(z.string()),
    prices: z.array(num),
    signal_dates: z.array(z.string()),
    prediction: z.object({ dates: z.array(z.string()), expected: z.array(num), median: z.array(num) }).nullable(),
  }),
  /** Each out-of-sample trade's return at the period chosen at its signal (open trades are left out). */
  past_signals_returns_data: z.object({ dates: z.array(z.string()), periods: z.array(num), returns: z.array(num) }),
  /** Histogram of those returns: bins [lower, upper) in percent. */
  past_signals_return_hist_data: z.object({ lower: z.array(num), upper: z.array(num), counts: z.array(num) }),
  factor_statistics_data: z.string(),
  past_signals_data: z.string(),
  /** Cumulative % of holding each signal for its walk-forward period (flat otherwise) vs holding throughout. */
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
  period: number | null;
  outcome: number | null;
  [fwd: `fwd_ret_${number}`]: number | null;
}
