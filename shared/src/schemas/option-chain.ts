import { z } from 'zod';
import { closeBasis, tickerParam } from './tickers.ts';

/** `expiration`: one listed expiry (YYYY-MM-DD), or `all` for every expiration of the chain. */
export const optionChainQuery = z.strictObject({
  ticker: tickerParam,
  expiration: z.union([z.literal('all'), z.iso.date('expected an expiration date YYYY-MM-DD or all')]).optional(),
});

/**
 * One side (call or put) of a strike. IV is the implied volatility of the mid (Black-Scholes-Merton
 * with the answer's r and q, T = calendar days / 365) and the Greeks are taken at that IV, so every
 * figure can be recomputed from the row itself. Theta is per calendar day, vega per vol point. IV
 * and Greeks are null where the mid lies outside the no-arbitrage bounds (no IV exists).
 */
export const optionSideSchema = z.object({
  symbol: z.string(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  mid: z.number().nullable(),
  last: z.number().nullable(),
  volume: z.number().nullable(),
  open_interest: z.number().nullable(),
  iv: z.number().nullable(),
  delta: z.number().nullable(),
  gamma: z.number().nullable(),
  theta: z.number().nullable(),
  vega: z.number().nullable(),
});

export const optionChainRowSchema = z.object({
  expiration: z.string(),
  strike: z.number(),
  call: optionSideSchema.nullable(),
  put: optionSideSchema.nullable(),
});

export const optionExpirationSchema = z.object({
  expiration: z.string(),
  /** Calendar days from the snapshot's date. */
  dte: z.number().int(),
  /** A standard monthly (third Friday, Thursday when that Friday is a holiday). */
  monthly: z.boolean(),
});

export const optionChainResponse = z.object({
  ticker: z.string(),
  /** The vendor's snapshot time (New York), 'YYYY-MM-DD HH:mm:ss'. */
  as_of: z.string(),
  underlying_price: z.number(),
  /**
   * The scale of the strikes and the underlying price: 'as_traded' for a vendor's chain; the demo's
   * ETF chains are built on the bundle's dividend-adjusted closes ('dividend_adjusted'), below the
   * prices printed that day.
   */
  price_basis: closeBasis,
  /** Rates the IV and Greeks were computed with (annual decimals). */
  rates: z.object({ r: z.number(), q: z.number() }),
  expirations: z.array(optionExpirationSchema),
  /** The expiration answered, or 'all'. */
  expiration: z.string(),
  /** Sorted by expiration, then strike. */
  rows: z.array(optionChainRowSchema),
});

export type OptionSide = z.infer<typeof optionSideSchema>;
export type OptionChainRow = z.infer<typeof optionChainRowSchema>;
export type OptionChain = z.infer<typeof optionChainResponse>;
