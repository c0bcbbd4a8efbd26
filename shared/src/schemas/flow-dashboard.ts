import { z } from 'zod';
import { flowTradeSchema } from './flow.ts';
import { closeBasis } from './tickers.ts';
import { DASHBOARD_INDICES } from '../params/flow-dashboard.ts';

/**
 * Options Flow Dashboard wire shapes (spec part 2 sections 2.9, 3 and 7.2; the spec does not show
 * the exact shapes, so these are ours). Premiums are cost_basis sums in THOUSANDS of dollars.
 *
 * "The day" is the current trading day once its session has flow, else the latest day with flow;
 * "the week" is the last 5 days with flow ending on the day (the same rule as Top Premiums' lookback).
 */
export * from '../params/flow-dashboard.ts';

const day = { date: z.string().nullable() };

export const indexMetricsRow = z.object({
  ticker: z.enum(DASHBOARD_INDICES),
  call_premiums: z.number(),
  put_premiums: z.number(),
  /** Number of trades. */
  call_flow: z.number().int(),
  put_flow: z.number().int(),
});
export const indexMetricsResponse = z.object({ ...day, data: z.array(indexMetricsRow) });
export type IndexMetricsResponse = z.infer<typeof indexMetricsResponse>;

export const indexQuote = z.object({
  ticker: z.enum(DASHBOARD_INDICES),
  latestPrice: z.number().nullable(),
  change: z.number().nullable(),
  changePercent: z.number().nullable(),
  /** 'flow': the underlying price at the day's latest trade (the session is on); 'close': the latest daily close. */
  source: z.enum(['flow', 'close']),
  /** The close the change is measured from. */
  previousClose: z.number().nullable(),
  /** Basis of the closes (the bundled ETF closes are dividend-adjusted). */
  close_basis: closeBasis,
});
export const indexQuotesResponse = z.object({ ...day, data: z.array(indexQuote) });
export type IndexQuotesResponse = z.infer<typeof indexQuotesResponse>;
export type IndexQuote = z.infer<typeof indexQuote>;

/**
 * Spec "largest flow entry" (array positions): name, premium (thousands), 'CALL' or 'PUT', strike,
 * expiration, sentiment, bubble size (0-1: the square root of premium / the list's largest premium,
 * so a bubble's AREA is proportional to its premium).
 */
export const largestFlowEntry = z.tuple([
  z.string(),
  z.number(),
  z.enum(['CALL', 'PUT']),
  z.number(),
  z.string(),
  z.string(),
  z.number(),
]);
export type LargestFlowEntry = z.infer<typeof largestFlowEntry>;
export const largestFlowResponse = z.object({
  ...day,
  /** The first day of the week (oldest of the last 5 days with flow). */
  week_from: z.string().nullable(),
  daily: z.array(largestFlowEntry),
  weekly: z.array(largestFlowEntry),
});
export type LargestFlowResponse = z.infer<typeof largestFlowResponse>;

/** Parallel arrays, sectors ordered by net descending (sector stocks and the 11 SPDR sector ETFs only). */
export const sectorInflow = z.object({
  sectors: z.array(z.string()),
  calls: z.array(z.number()),
  puts: z.array(z.number()),
  net: z.array(z.number()),
});
export type SectorInflow = z.infer<typeof sectorInflow>;
export const sectorInflowResponse = z.object({
  ...day,
  week_from: z.string().nullable(),
  daily: sectorInflow,
  weekly: sectorInflow,
});
export type SectorInflowResponse = z.infer<typeof sectorInflowResponse>;

export const highOiLeapsResponse = z.object({ ...day, data: z.array(flowTradeSchema) });
export type HighOiLeapsResponse = z.infer<typeof highOiLeapsResponse>;

/** Spec "max-change chart data": the tickers furthest above their 20-day average, with both values. */
export const maxChange = z.object({
  tickers: z.array(z.string()),
  average: z.array(z.number()),
  current: z.array(z.number()),
});
export type MaxChange = z.infer<typeof maxChange>;
export const overAvgResponse = z.object({
  ...day,
  /** The days the average is taken over (oldest, newest); null when there is no earlier day. */
  average_from: z.string().nullable(),
  average_to: z.string().nullable(),
  calls: maxChange,
  puts: maxChange,
});
export type OverAvgResponse = z.infer<typeof overAvgResponse>;
