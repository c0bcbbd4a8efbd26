import { z } from 'zod';
import { SPY_TO_VIX_PERIODS } from '../params/spy-to-vix.ts';
export * from '../params/spy-to-vix.ts';

export const spyToVixPeriod = z.enum(SPY_TO_VIX_PERIODS);

/** [x index, y index, percent]: x = VIX change bucket, y = SPY change row (label = y x 0.1 - 3). */
const triple = z.tuple([z.number().int(), z.number().int(), z.number()]);

const heatmapFeature = z.object({
  /** Axis labels in percent. The first and last label of each axis also collect the tails beyond it. */
  index: z.object({ x: z.array(z.string()), y: z.array(z.string()) }),
  /** Non-empty cells only; a missing cell is 0% of observations (or, for probabilities, too few of them). */
  data: z.record(spyToVixPeriod, z.array(triple)),
});

const coefPair = z.object({ const: z.number(), x1: z.number() });

/**
 * statsmodels summary2 column names, keyed by const (alpha) and x1 (beta on the VIX change). The
 * keys are the spec's; with HAC errors the statistic in `t` is a z and `P>|t|` comes from the normal
 * law (the screen heads them z and P>|z|).
 */
export const spyToVixRegressionSchema = z.object({
  'Coef.': coefPair,
  'Std.Err.': coefPair,
  t: coefPair,
  'P>|t|': coefPair,
  '[0.025': coefPair,
  '0.975]': coefPair,
  correlation: z.number(),
  r_squared: z.number(),
  nobs: z.number().int(),
  /** Newey-West lags (h - 1; 0 at one day = White heteroskedasticity-robust errors). */
  maxlags: z.number().int(),
});

export const spyToVixProbRowSchema = z.object({
  /** The VIX change bucket (10% wide) in percent, e.g. "-10". */
  vix_bucket: z.string(),
  /** % of observations in the bucket whose forward SPY return was > 0 / < 0. */
  positive: z.number(),
  negative: z.number(),
  count: z.number().int(),
});

/**
 * A probability cell tested against its horizon's base rate (issue 36 item 7): its observations,
 * their effective number given the overlapping h-day windows, the two-sided p-value and the
 * Benjamini-Hochberg q-value over every shown cell of every horizon. Same cells, same order as `data`.
 */
export const spyToVixCellTestSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  n: z.number().int(),
  n_eff: z.number(),
  p_value: z.number(),
  q_value: z.number(),
  /** q_value < fdr: the cell's share of up moves differs from the base rate. */
  significant: z.boolean(),
});

export const spyToVixSchema = z.object({
  as_of: z.string(),
  /** First close used (the series start in 2004); SPY closes are dividend-adjusted. */
  from: z.string(),
  spy_to_vix_prob_positive: heatmapFeature.extend({
    regression_data: z.record(spyToVixPeriod, spyToVixRegressionSchema),
    prob_table: z.record(spyToVixPeriod, z.array(spyToVixProbRowSchema)),
    /** Cells with fewer observations are left out of the probability heatmap. */
    min_count: z.number().int(),
    /** % of all the horizon's forward returns that are positive: what each cell is tested against. */
    base_rate: z.record(spyToVixPeriod, z.number()),
    cell_tests: z.record(spyToVixPeriod, z.array(spyToVixCellTestSchema)),
    /** The false-discovery rate of `significant`. */
    fdr: z.number(),
  }),
  spy_to_vix_rounded_1: heatmapFeature,
  spy_to_vix_rounded_10: heatmapFeature,
});

export type SpyToVix = z.infer<typeof spyToVixSchema>;
export type SpyToVixRegression = z.infer<typeof spyToVixRegressionSchema>;
export type SpyToVixProbRow = z.infer<typeof spyToVixProbRowSchema>;
export type SpyToVixCellTest = z.infer<typeof spyToVixCellTestSchema>;
export type SpyToVixHeatmap = SpyToVix['spy_to_vix_rounded_1'];
