import { z } from 'zod';
import { tickerParam } from './tickers.ts';

export const volatilityQuery = z.strictObject({ ticker: tickerParam });

/** Volatilities are annual decimals (0.18 = 18%); rank and percentile are 0-100. */
export const expiryVolatilitySchema = z.object({
  expiration: z.string(),
  dte: z.number().int(),
  atm_strike: z.number(),
  atm_iv: z.number().nullable(),
  call_25d_iv: z.number().nullable(),
  put_25d_iv: z.number().nullable(),
  /** call 25-delta IV - put 25-delta IV. */
  risk_reversal_25d: z.number().nullable(),
  straddle: z.number().nullable(),
  /** The expected move by `expected_move_rule`, and price -/+ it. */
  expected_move: z.number().nullable(),
  range_low: z.number().nullable(),
  range_high: z.number().nullable(),
});

export const volatilityResponse = z.object({
  ticker: z.string(),
  as_of: z.string(),
  underlying_price: z.number(),
  /** 30-day at-the-money IV today. */
  atm_iv: z.number(),
  iv_rank: z.number().nullable(),
  iv_percentile: z.number().nullable(),
  iv_low: z.number(),
  iv_high: z.number(),
  /** Sessions the rank and percentile are taken over (252 once a year is available). */
  iv_window_days: z.number().int(),
  /**
   * Sessions of daily ATM IV still missing before the window holds 252 (0 once it does). Live mode
   * stores one a day from its first live day, so rank and percentile start on a shorter window.
   */
  iv_days_until_full: z.number().int(),
  realised_vol_20: z.number().nullable(),
  realised_vol_60: z.number().nullable(),
  /** Daily, oldest first: the 30-day ATM IV and the 20-session realised volatility of each session. */
  history: z.object({
    dates: z.array(z.string()),
    atm_iv: z.array(z.number()),
    realised_vol_20: z.array(z.number().nullable()),
  }),
  expirations: z.array(expiryVolatilitySchema),
  expected_move_rule: z.string(),
  definitions: z.object({
    iv_rank: z.string(),
    iv_percentile: z.string(),
    realised_vol: z.string(),
    atm_iv: z.string(),
  }),
});

export type VolatilityData = z.infer<typeof volatilityResponse>;
export type ExpiryVolatility = z.infer<typeof expiryVolatilitySchema>;

/**
 * What the quote panel shows of a ticker's options (issue 38): where today's IV sits in its year and
 * the nearest expiration's expected move, each as get_volatility_data states it. For a ticker that
 * lists no options here (an index) `optionable` is false and every figure null.
 */
export const volatilitySummaryResponse = z.object({
  ticker: z.string(),
  optionable: z.boolean(),
  /** The chain snapshot the expected move is read from (New York), 'YYYY-MM-DD HH:mm:ss'. */
  as_of: z.string().nullable(),
  atm_iv: z.number().nullable(),
  iv_rank: z.number().nullable(),
  iv_percentile: z.number().nullable(),
  iv_window_days: z.number().int().nullable(),
  /** The nearest expiration: its at-the-money straddle and the expected move it implies. */
  next_expiration: expiryVolatilitySchema.nullable(),
  expected_move_rule: z.string(),
});

export type VolatilitySummary = z.infer<typeof volatilitySummaryResponse>;
