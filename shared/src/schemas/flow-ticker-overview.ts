import { z } from 'zod';
import { flowTradeSchema } from './flow.ts';
import { tickerParam } from './tickers.ts';

/**
 * Ticker Overview wire shapes (spec part 2 sections 2.8 and 3). Premiums are cost_basis sums, in
 * THOUSANDS of dollars like the trades; flows are trade counts; scores are averages (0 to 1).
 * A change is a percent change against the earlier period, null when that period had nothing.
 */
export const tickerOverviewQuery = z.strictObject({ ticker: tickerParam });

/** 0 = 1 minute, 1 = 10 minutes (default), 2 = 30 minutes. */
export const INTRADAY_INTERVALS = ['0', '1', '2'] as const;
export const INTRADAY_INTERVAL_MINUTES = [1, 10, 30] as const;
export const intradayPremiumsQuery = z.strictObject({
  ticker: tickerParam,
  interval: z
    .enum(INTRADAY_INTERVALS, { error: 'interval must be 0 (1 minute), 1 (10 minutes) or 2 (30 minutes)' })
    .default('1'),
});

const value = z.number().nullable();

export const tickerMetricsSchema = z.object({
  call_premiums: z.number(),
  put_premiums: z.number(),
  call_flow: z.number().int(),
  put_flow: z.number().int(),
  avg_call_score: value,
  avg_put_score: value,
});
export type TickerMetrics = z.infer<typeof tickerMetricsSchema>;

export const tickerMetricChangesSchema = z.object({
  call_premiums_chg: value,
  put_premiums_chg: value,
  call_flow_chg: value,
  put_flow_chg: value,
  avg_call_score_chg: value,
  avg_put_score_chg: value,
});
export type TickerMetricChanges = z.infer<typeof tickerMetricChangesSchema>;

export const tickerMetrics1dResponse = z.object({
  ticker: z.string(),
  has_flow: z.boolean(),
  /** The current (partial) day, the last full day, and the full day before it (the change's base). */
  current_date: z.string(),
  prior_date: z.string().nullable(),
  base_date: z.string().nullable(),
  current: tickerMetricsSchema,
  /** The last full day; its *_chg compare it with the day before (the partial day is left out). */
  prior: tickerMetricsSchema.extend(tickerMetricChangesSchema.shape),
});
export type TickerMetrics1d = z.infer<typeof tickerMetrics1dResponse>;

export const tickerMetrics5dResponse = tickerMetricsSchema.extend(tickerMetricChangesSchema.shape).extend({
  ticker: z.string(),
  has_flow: z.boolean(),
  /** The last (up to) 5 full days, and the 5 before them (the change's base). */
  days: z.array(z.string()),
  base_days: z.array(z.string()),
});
export type TickerMetrics5d = z.infer<typeof tickerMetrics5dResponse>;

/** [open, high, low, close] of the underlying price; null when no trade of the bucket carried one. */
export const ohlcSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable();

export const intradayPremiumsResponse = z.object({
  ticker: z.string(),
  /** The ticker's latest day with flow (today once it traded); null without any flow. */
  date: z.string().nullable(),
  interval: z.number().int(),
  minutes: z.number().int(),
  /** Start time (HH:MM, New York) of each bucket with trades. */
  index: z.array(z.string()),
  ohlc: z.array(ohlcSchema),
  calls: z.array(z.number()),
  puts: z.array(z.number()),
});
export type IntradayPremiums = z.infer<typeof intradayPremiumsResponse>;

export const seasonalitySeriesSchema = z.object({
  index: z.array(z.string()),
  /** Average premium per day; null for a category with no day in the history (e.g. a month not covered). */
  calls: z.array(value),
  puts: z.array(value),
});
export type SeasonalitySeries = z.infer<typeof seasonalitySeriesSchema>;

export const seasonalityResponse = z.object({
  ticker: z.string(),
  has_flow: z.boolean(),
  intraday: seasonalitySeriesSchema,
  daily: seasonalitySeriesSchema,
  monthly: seasonalitySeriesSchema,
  /** Full days averaged over, and their range. */
  days: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type Seasonality = z.infer<typeof seasonalityResponse>;

export const LATEST_TRADES_LIMIT = 50;
export const latestTradesResponse = z.object({
  ticker: z.string(),
  date: z.string().nullable(),
  data: z.array(flowTradeSchema),
});
export type LatestTrades = z.infer<typeof latestTradesResponse>;
