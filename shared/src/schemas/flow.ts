import { z } from 'zod';
import { FLOW_FIELDS, FLOW_SELECTORS } from '../flow/filter-fields.ts';
import { FILLS, SENTIMENTS, EARLIEST_FLOW_DATE } from '../params/flow.ts';
export * from '../params/flow.ts';

/**
 * Options flow wire shapes (spec part 2 sections 3 and 7.2). Field names are the spec's; cost_basis
 * is the premium in THOUSANDS of dollars; time is New York wall time HH:MM:SS.
 */

export const flowTradeSchema = z.object({
  key: z.string(),
  ticker: z.string(),
  date: z.string(),
  time: z.string(),
  put_call: z.enum(['Call', 'Put']),
  strike_price: z.number(),
  date_expiration: z.string(),
  DTE: z.number().int(),
  option_activity_type: z.string(),
  exchange: z.string().nullable(),
  aggressor_ind: z.number().nullable(),
  ask: z.number().nullable(),
  bid: z.number().nullable(),
  midpoint: z.number().nullable(),
  price: z.number(),
  size: z.number().int(),
  volume: z.number().int(),
  open_interest: z.number().int(),
  underlying_price: z.number().nullable(),
  cost_basis: z.number(),
  trade_count: z.number().int(),
  fill: z.enum(FILLS),
  sentiment: z.enum(SENTIMENTS),
  score: z.number(),
  /**
   * OPRA trade conditions as Polygon numbers them, present on the legs of a multi-leg order (232 MLET,
   * 233 MLAT, 234 MLCT...: shared/src/flow/multi-leg.ts). Benzinga's records carry none.
   */
  conditions: z.array(z.number().int()).optional(),
  /** The multi-leg order this print is a leg of: its legs share it, their time and their exchange. */
  order_id: z.string().optional(),
  /**
   * Implied volatility (annual decimal) and delta at the print, implied from its quote's midpoint and
   * the underlying price when the feed carried them (shared/src/flow/print-context.ts says how).
   */
  iv: z.number().optional(),
  delta: z.number().optional(),
  /**
   * Past days: the contract's open interest the next trading day minus the open interest before this
   * day, once the next day's prints of the contract carried it (absent otherwise).
   */
  next_oi_change: z.number().int().optional(),
});
export type FlowTrade = z.infer<typeof flowTradeSchema>;

/** Most OTM rows add otm: percent out of the money (negative = in the money). */
export const otmTradeSchema = flowTradeSchema.extend({ otm: z.number() });
export type OtmTrade = z.infer<typeof otmTradeSchema>;

/** Each list holds the call value first and the put value second. */
export const keyStatsSchema = z.object({
  tradeCount: z.tuple([z.number(), z.number()]),
  score: z.tuple([z.number(), z.number()]),
  costBasis: z.tuple([z.number(), z.number()]),
  volume: z.tuple([z.number(), z.number()]),
});
export type KeyStats = z.infer<typeof keyStatsSchema>;

export const premiumEntrySchema = z.object({ ticker: z.string(), costBasis: z.number() });
export type PremiumEntry = z.infer<typeof premiumEntrySchema>;

export const flowFilterSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  filter: z.union([z.enum(FLOW_FIELDS), z.literal('')]).optional(),
  selector: z.union([z.enum(FLOW_SELECTORS), z.literal('')]).optional(),
  value: z.union([z.string(), z.number()]).nullable().optional(),
  tickers: z.array(z.string()).optional(),
});
export type FlowFilter = z.infer<typeof flowFilterSchema>;

/** Bounds of one filter a caller sends (alert rules are stored: DynamoDB items stop at 400 kB). */
export const FLOW_FILTER_LIMITS = {
  filters: 50,
  tickers: 200,
  tickerLength: 24,
  valueLength: 100,
  idLength: 64,
} as const;

/**
 * A filter as a caller sends it: the shape of flowFilterSchema with every list and string bounded,
 * so a stored rule stays a few kilobytes whatever is sent (a page's filters are far smaller).
 */
export const flowFilterInput = z.object({
  id: z.union([z.string().max(FLOW_FILTER_LIMITS.idLength), z.number()]).optional(),
  filter: z.union([z.enum(FLOW_FIELDS), z.literal('')]).optional(),
  selector: z.union([z.enum(FLOW_SELECTORS), z.literal('')]).optional(),
  value: z
    .union([
      z
        .string()
        .max(FLOW_FILTER_LIMITS.valueLength, `a value has at most ${FLOW_FILTER_LIMITS.valueLength} characters`),
      z.number(),
    ])
    .nullable()
    .optional(),
  tickers: z
    .array(
      z
        .string()
        .max(FLOW_FILTER_LIMITS.tickerLength, `a ticker has at most ${FLOW_FILTER_LIMITS.tickerLength} characters`),
    )
    .max(FLOW_FILTER_LIMITS.tickers, `at most ${FLOW_FILTER_LIMITS.tickers} tickers`)
    .optional(),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().slice(0, 10) === s,
    'not a calendar date',
  );

export const flowDatesSchema = z
  .strictObject({ start: isoDay, end: isoDay })
  .refine((d) => d.start >= EARLIEST_FLOW_DATE, {
    message: `the range starts before ${EARLIEST_FLOW_DATE}`,
    path: ['start'],
  })
  .refine((d) => d.end >= d.start, { message: 'end is before start', path: ['end'] });
export type FlowDates = z.infer<typeof flowDatesSchema>;

/** A query parameter carrying JSON: one message naming the parameter and what is wrong. */
function jsonParam<T extends z.ZodType>(name: string, schema: T, example: string) {
  return z.string().transform((text, ctx): z.output<T> => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${name} is not valid JSON (example: ${example})` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
      ctx.addIssue({ code: 'custom', message: `${name}${where}: ${issue?.message ?? 'invalid'}` });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/**
 * Issue 23: `since` (optional) is the key of the newest trade the page already holds; the answer
 * then lists only the trades newer than it (all of them when the key is not today's).
 */
export const currentFlowQuery = z.strictObject({
  since: z.string().min(1).max(200).optional(),
});

export const historicalFlowQuery = z.strictObject({
  dates: jsonParam('dates', flowDatesSchema, '{"start":"2024-03-01","end":"2024-03-08"}'),
  filters: jsonParam(
    'filters',
    z.array(flowFilterInput).max(FLOW_FILTER_LIMITS.filters),
    '[{"filter":"Ticker","selector":"Equal","tickers":["SPY"]}]',
  ).optional(),
});

export const currentFlowResponse = z.object({
  date: z.string(),
  options_flow: z.array(flowTradeSchema),
  key_stats: keyStatsSchema,
  /** The oldest trading day with stored flow (null before any): bounds the historical date picker. */
  first_date: z.string().nullable(),
});

export const historicalFlowResponse = z.object({
  options_flow: z.array(flowTradeSchema),
  largest_call_premiums: z.array(premiumEntrySchema),
  largest_put_premiums: z.array(premiumEntrySchema),
  key_stats: keyStatsSchema,
  /** True when the rows stopped at 10,000 or the scan bound was reached before the range was covered. */
  capped: z.boolean(),
  /** Trades examined (the scan bound applies to this). */
  scanned: z.number().int(),
  /**
   * The oldest trading day with stored flow: the date picker's lower bound, and what the screen
   * names when the range starts before it (earlier days are not "no trades", they are not stored).
   */
  first_date: z.string(),
});

export const mostOtmResponse = z.object({ date: z.string(), data: z.array(otmTradeSchema) });

export const testSocketResponse = z.object({
  ok: z.boolean(),
  connections: z.number().int(),
  last_fanout: z.string().nullable(),
  last_fanout_sent: z.number().int().nullable(),
});
