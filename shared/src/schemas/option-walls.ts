import { z } from 'zod';
import { closeBasis, tickerParam } from './tickers.ts';

/** Without `ticker`, SPY (the screen's default, precomputed after the close). */
export const optionWallsQuery = z.strictObject({ ticker: tickerParam.optional() });

/** One expiry of the walls bar chart: strikes with the call and put delta-adjusted open interest. */
export const optionWallsExpirySchema = z.object({
  color: z.string(),
  x_values: z.array(z.number()),
  /** delta x open interest x 100 of the calls at each strike (0 where none is listed). */
  y_call_values: z.array(z.number()),
  /** The same for puts: negative, since a put's delta is negative. */
  y_put_values: z.array(z.number()),
});

/** Gamma exposure per strike in dollars per 1% move of the underlying (calls +, puts -). */
export const gammaExposureSchema = z.object({
  strikes: z.array(z.number()),
  call_gex: z.array(z.number()),
  put_gex: z.array(z.number()),
  net_gex: z.array(z.number()),
  /** Strike with the largest call GEX, the most negative put GEX; null when no contract qualifies. */
  call_wall: z.number().nullable(),
  put_wall: z.number().nullable(),
  /** Spot at which the total GEX changes sign (nearest crossing to spot); null when none in range. */
  zero_gamma: z.number().nullable(),
});

export const optionWallsSchema = z.object({
  underlying: z.string(),
  as_of: z.string(),
  spot: z.number().nullable(),
  /**
   * The scale of the strikes and the spot, as in the option chain's answer (a demo ETF's chain is on
   * the bundle's dividend-adjusted closes). Absent from walls stored before it was recorded.
   */
  price_basis: closeBasis.optional(),
  /** Keyed by expiry (YYYY-MM-DD), nearest first. */
  data: z.record(z.string(), optionWallsExpirySchema),
  gex: gammaExposureSchema,
  /** The display choices, so the screen can state them. */
  limits: z.object({ expiries: z.number().int(), strike_band_pct: z.number() }),
});

export const optionMinmaxSchema = z.object({
  underlying: z.string(),
  dates: z.array(z.string()),
  /** Per date: the largest call delta-adjusted OI of any (expiry, strike) and its strike. */
  calls: z.array(z.number().nullable()),
  call_strikes: z.array(z.number().nullable()),
  /** Per date: the most negative put delta-adjusted OI and its strike. */
  puts: z.array(z.number().nullable()),
  put_strikes: z.array(z.number().nullable()),
});

export type OptionWalls = z.infer<typeof optionWallsSchema>;
export type OptionWallsExpiry = z.infer<typeof optionWallsExpirySchema>;
export type GammaExposure = z.infer<typeof gammaExposureSchema>;
export type OptionMinmax = z.infer<typeof optionMinmaxSchema>;
