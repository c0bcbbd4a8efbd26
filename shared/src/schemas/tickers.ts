import { z } from 'zod';

/**
 * A ticker as users type it: trimmed, spaces removed, upper-cased ("brk.b " -> "BRK.B").
 * Letters, digits, dot, dash and slash, 1 to 10 characters.
 */
export const tickerParam = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9./-]{0,9}$/, 'expected a ticker such as SPY or BRK.B'));

/** Query booleans arrive as text; the spec sends 1/0 and true/false. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * What a quoted close is: 'as_traded' (split-adjusted, as printed on the tape) or 'dividend_adjusted'
 * (total-return close: the bundled ETF histories are yfinance auto_adjust closes with no unadjusted
 * column, so a quote of one is below the price printed that day by the dividends paid since).
 */
export const closeBasis = z.enum(['as_traded', 'dividend_adjusted']);
export type CloseBasis = z.infer<typeof closeBasis>;

export const directoryEntrySchema = z.object({
  symbol: z.string(),
  company: z.string(),
  sector: z.string(),
  industry: z.string(),
  exchange: z.string(),
  kind: z.enum(['stock', 'etf', 'index']),
  in_sp500: z.boolean(),
  in_nasdaq100: z.boolean(),
  /**
   * Estimate in the demo (market cap / price of a public snapshot, back to the demo date through the
   * splits in between); null when unknown. For a company with several listed classes it is the whole
   * company's count in this class's price terms (Yahoo's convention), so it stays a company figure.
   */
  shares_outstanding: z.number().nullable(),
  shares_outstanding_is_estimate: z.boolean(),
  /** First date the share count applies to (a merger changed it before); earlier dates have no market cap. */
  shares_outstanding_from: z.string().optional(),
  /** Set on a secondary share class (GOOG -> GOOGL): company-level figures are counted on the primary only. */
  share_class_of: z.string().optional(),
  /**
   * Only on every listed class of a company with several (GOOGL and GOOG, FOXA and FOX, NWSA and NWS):
   * the shares of this class alone, the basis of its float (short interest %float); null when not
   * known. Absent for a one-class company, whose class count is shares_outstanding.
   */
  class_shares_outstanding: z.number().nullable().optional(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const searchTickersQuery = z.strictObject({
  fragment: z.string().trim().min(1, 'type at least one character').max(40, 'at most 40 characters'),
});
/** Suggestions as [symbol, company] pairs, best match first, at most 10. */
export const searchTickersResponse = z.object({ tickers: z.array(z.tuple([z.string(), z.string()])) });

export const tickerInfoQuery = z.strictObject({ ticker: tickerParam });
export const tickerInfoResponse = z.object({
  ticker: z.string(),
  as_of: z.string(),
  c: z.number(),
  todaysChange: z.number().nullable(),
  todaysChangePerc: z.number().nullable(),
  v: z.number().nullable(),
  avg_volume: z.number().nullable(),
  l: z.number(),
  h: z.number(),
  '52_week_low': z.number(),
  '52_week_high': z.number(),
  company: z.string(),
  sector: z.string(),
  industry: z.string(),
  /** Basis of c, l, h and the ranges. */
  close_basis: closeBasis,
});
export type TickerInfo = z.infer<typeof tickerInfoResponse>;

export const tickerPricesQuery = z.strictObject({
  ticker: tickerParam,
  window: z.coerce.number().int().min(1).max(10_000).default(252),
  closed: queryBoolean.default(true),
});
export const tickerPricesResponse = z.object({
  ticker: z.string(),
  dates: z.array(z.string()),
  prices: z.array(z.number()),
  volume: z.array(z.number().nullable()),
});
export type TickerPrices = z.infer<typeof tickerPricesResponse>;
