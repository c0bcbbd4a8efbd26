import { z } from 'zod';
import { createReportBuilder, describeIssues } from '../parse-report.ts';
import type { ParseReport } from '../parse-report.ts';
import { isoDate, looseNumber, optionalLooseNumber, tickerSymbol } from '../wire-values.ts';

/**
 * Benzinga signals API option_activity records (GET /api/v1/signal/option_activity; schema in
 * Benzinga's signals-v1 OpenAPI). Nearly every number arrives as a string ("292.0", "1500");
 * price, bid, ask and underlying_price depend on the vendor's exchange agreement and may be absent.
 * These are the raw fields behind the product's options-flow trade (spec part 2, section 3);
 * derived fields (fill, score, DTE, key, premium in thousands) belong to the flow domain.
 */
export interface OptionsActivityRecord {
  id: string;
  /** Signal date and time, New York local ('YYYY-MM-DD', 'HH:MM:SS'). */
  date: string;
  time: string;
  ticker: string;
  exchange: string | null;
  optionSymbol: string | null;
  putCall: 'call' | 'put';
  strikePrice: number;
  dateExpiration: string;
  /** Lower-cased vendor type: 'sweep', 'trade', 'block', ... */
  activityType: string;
  sentiment: 'bullish' | 'bearish' | 'neutral';
  /** 0 = all at the bid, 1 = all at the ask; may fall outside [0, 1]. */
  aggressorInd: number | null;
  ask: number | null;
  bid: number | null;
  midpoint: number | null;
  price: number | null;
  /** Contracts in the trade or sweep. */
  size: number;
  volume: number | null;
  openInterest: number | null;
  underlyingPrice: number | null;
  underlyingType: string | null;
  /** Premium of the whole trade or sweep in US dollars (NOT thousands). */
  costBasisUsd: number;
  tradeCount: number | null;
  description: string | null;
  /** Vendor's last-update time, Unix seconds (used for delta polling). */
  updated: number | null;
  /**
   * Not in Benzinga's schema (see shared/src/flow/multi-leg.ts): OPRA trade conditions as Polygon's
   * ids, which the demo's multi-leg legs carry, and the order id their legs share.
   */
  conditions?: number[];
  orderId?: string;
}

const text = z.string().trim();
// .nullish() first: zod only treats a missing key as allowed when the outer schema is optional.
const optionalText = z
  .string()
  .nullish()
  .transform((s) => (s === null || s === undefined || s.trim() === '' ? null : s.trim()));
const lowerEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  text.transform((s) => s.toLowerCase()).pipe(z.enum(values));
const optionalInt = optionalLooseNumber.refine(
  (v) => v === null || (Number.isInteger(v) && v >= 0),
  'expected a non-negative integer',
);

const recordSchema = z.object({
  id: z.union([text.min(1), z.number().int().transform(String)]),
  date: isoDate,
  time: text.regex(/^\d{2}:\d{2}:\d{2}$/, 'expected HH:MM:SS'),
  ticker: text.pipe(tickerSymbol),
  exchange: optionalText,
  option_symbol: optionalText,
  put_call: text
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['call', 'put', 'c', 'p']))
    .transform((s): 'call' | 'put' => (s === 'c' || s === 'call' ? 'call' : 'put')),
  strike_price: looseNumber.pipe(z.number().positive()),
  date_expiration: isoDate,
  option_activity_type: text.min(1).transform((s) => s.toLowerCase()),
  sentiment: lowerEnum(['bullish', 'bearish', 'neutral']),
  aggressor_ind: optionalLooseNumber,
  ask: optionalLooseNumber,
  bid: optionalLooseNumber,
  midpoint: optionalLooseNumber,
  price: optionalLooseNumber,
  size: looseNumber.pipe(z.number().int().positive()),
  volume: optionalInt,
  open_interest: optionalInt,
  underlying_price: optionalLooseNumber,
  underlying_type: optionalText,
  cost_basis: looseNumber.pipe(z.number().nonnegative()),
  trade_count: optionalInt,
  description: optionalText,
  updated: optionalLooseNumber,
  // Extensions a Benzinga record does not have: taken when well formed, never a reason to skip a record.
  conditions: z.array(z.number().int().nonnegative()).max(8).nullish().catch(null),
  order_id: z.string().trim().min(1).max(64).nullish().catch(null),
});

export class BenzingaEnvelopeError extends Error {
  constructor(message: string) {
    super(`benzinga option_activity: ${message}`);
    this.name = 'BenzingaEnvelopeError';
  }
}

/** The API wraps records as { option_activity: [...] }; the OpenAPI document shows a bare array. */
function recordsOf(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (typeof json !== 'object' || json === null) throw new BenzingaEnvelopeError('payload is not an object or array');
  const obj = json as Record<string, unknown>;
  if (Array.isArray(obj.option_activity)) return obj.option_activity;
  // An empty object is how an exhausted page comes back.
  if (Object.keys(obj).length === 0) return [];
  throw new BenzingaEnvelopeError(`no option_activity array (keys: ${Object.keys(obj).slice(0, 5).join(', ')})`);
}

export function parseBenzingaOptionsActivity(json: unknown): ParseReport<OptionsActivityRecord> {
  const report = createReportBuilder<OptionsActivityRecord>();
  recordsOf(json).forEach((raw, i) => {
    const parsed = recordSchema.safeParse(raw);
    if (!parsed.success) {
      report.skip(i + 1, describeIssues(parsed.error.issues), JSON.stringify(raw));
      return;
    }
    const r = parsed.data;
    report.add({
      id: r.id,
      date: r.date,
      time: r.time,
      ticker: r.ticker.toUpperCase(),
      exchange: r.exchange,
      optionSymbol: r.option_symbol,
      putCall: r.put_call,
      strikePrice: r.strike_price,
      dateExpiration: r.date_expiration,
      activityType: r.option_activity_type,
      sentiment: r.sentiment,
      aggressorInd: r.aggressor_ind,
      ask: r.ask,
      bid: r.bid,
      midpoint: r.midpoint,
      price: r.price,
      size: r.size,
      volume: r.volume,
      openInterest: r.open_interest,
      underlyingPrice: r.underlying_price,
      underlyingType: r.underlying_type,
      costBasisUsd: r.cost_basis,
      tradeCount: r.trade_count,
      description: r.description,
      updated: r.updated,
      ...(r.conditions && r.conditions.length > 0 ? { conditions: r.conditions } : {}),
      ...(r.order_id ? { orderId: r.order_id } : {}),
    });
  });
  return report.build();
}
