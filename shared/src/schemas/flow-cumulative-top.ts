import { z } from 'zod';
import { tickerParam } from './tickers.ts';
import {
  CUMULATIVE_LOOKBACK,
  BY_STRIKE_LOOKBACK,
  TOP_PREMIUMS_LOOKBACKS,
  TOP_PREMIUMS_DEFAULT_LOOKBACK,
} from '../params/flow-cumulative-top.ts';
export * from '../params/flow-cumulative-top.ts';

const lookbackParam = (range: { min: number; max: number; default: number }) =>
  z
    .string()
    .regex(/^\d{1,3}$/, `lookback must be a whole number of days from ${range.min} to ${range.max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(range.min, `lookback must be from ${range.min} to ${range.max} days`)
        .max(range.max, `lookback must be from ${range.min} to ${range.max} days`),
    )
    .default(range.default);

export const historicalPremiumQuery = z.strictObject({
  ticker: tickerParam,
  lookback: lookbackParam(CUMULATIVE_LOOKBACK),
});
export const byStrikeQuery = z.strictObject({ ticker: tickerParam, lookback: lookbackParam(BY_STRIKE_LOOKBACK) });
export const topPremiumsQuery = z.strictObject({
  lookback: z
    .enum(TOP_PREMIUMS_LOOKBACKS, { error: `lookback must be one of ${TOP_PREMIUMS_LOOKBACKS.join(', ')}` })
    .default(TOP_PREMIUMS_DEFAULT_LOOKBACK)
    .transform(Number),
});

const days = {
  ticker: z.string(),
  lookback: z.number().int(),
  /** The trading days looked at (oldest first); the ticker may have had flow on only some of them. */
  from: z.string().nullable(),
  to: z.string().nullable(),
};

/** One entry per day with the ticker's flow, oldest first; prices = the underlying at the day's last trade. */
export const historicalPremiumResponse = z.object({
  ...days,
  dates: z.array(z.string()),
  prices: z.array(z.number()),
  call_premiums: z.array(z.number()),
  put_premiums: z.array(z.number()),
  net_premiums: z.array(z.number()),
  cum_call_premiums: z.array(z.number()),
  cum_put_premiums: z.array(z.number()),
  cum_net_premiums: z.array(z.number()),
});
export type HistoricalPremiumResponse = z.infer<typeof historicalPremiumResponse>;

/** Parallel arrays sorted by strike ascending, summed over the lookback. */
export const byStrikeResponse = z.object({
  ...days,
  strike_price: z.array(z.number()),
  call_premiums: z.array(z.number()),
  put_premiums: z.array(z.number()),
  call_size: z.array(z.number()),
  put_size: z.array(z.number()),
});
export type ByStrikeResponse = z.infer<typeof byStrikeResponse>;

export const topPremiumsRowSchema = z.object({
  ticker: z.string(),
  calls: z.number(),
  puts: z.number(),
  net: z.number(),
  sector: z.string(),
  /**
   * The ticker's largest print over the lookback on a contract still listed on the last day (the
   * contract page's link): compact OCC symbol and premium in thousands; null when none is.
   */
  top_contract: z.object({ symbol: z.string(), cost_basis: z.number() }).nullable(),
});
export type TopPremiumsRow = z.infer<typeof topPremiumsRowSchema>;
const nameValue = z.array(z.object({ name: z.string(), value: z.number() }));

export const topPremiumsResponse = z.object({
  lookback: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Trading days with flow actually summed: fewer than `lookback` when the stored history is shorter. */
  days: z.number().int(),
  /** Every ticker with flow in the range, net descending. */
  by_ticker: z.array(topPremiumsRowSchema),
  /** Per sector (sector stocks and the 11 SPDR sector ETFs only), largest first; net may be negative. */
  sectors: z.object({ calls: nameValue, puts: nameValue, net: nameValue }),
  /** Call and put totals over every ticker (the put/call share). */
  sum: z.object({ calls: z.number(), puts: z.number() }),
});
export type TopPremiumsResponse = z.infer<typeof topPremiumsResponse>;
