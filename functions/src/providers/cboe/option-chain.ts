import { z } from 'zod';
import { createReportBuilder, describeIssues } from '../parse-report.ts';
import type { OptionChainReport, OptionQuote } from '../option-quote.ts';
import { parseOccSymbol } from '../option-quote.ts';
import { optionalLooseNumber } from '../wire-values.ts';

/**
 * CBOE delayed-quote option chains (cdn.cboe.com/api/global/delayed_quotes/options/{SYM}.json).
 * Accepted envelopes:
 *   CBOE original:   { timestamp, data: { symbol?, current_price?, options: [...] } }
 *   archived/wrapped: { symbol?, timestamp?, current_price?, raw_options: [...] }
 * Envelope problems throw (nothing usable); record problems are counted and skipped.
 */
const recordSchema = z.object({
  option: z.string(),
  bid: optionalLooseNumber,
  bid_size: optionalLooseNumber,
  ask: optionalLooseNumber,
  ask_size: optionalLooseNumber,
  iv: optionalLooseNumber,
  open_interest: optionalLooseNumber,
  volume: optionalLooseNumber,
  delta: optionalLooseNumber,
  gamma: optionalLooseNumber,
  vega: optionalLooseNumber,
  theta: optionalLooseNumber,
  rho: optionalLooseNumber,
  theo: optionalLooseNumber,
  change: optionalLooseNumber,
  last_trade_price: optionalLooseNumber,
  last_trade_time: z.string().nullish(),
  prev_day_close: optionalLooseNumber,
});

const metaSchema = z.object({
  symbol: z.string().optional(),
  current_price: optionalLooseNumber.optional(),
  timestamp: z.string().optional(),
});

export class CboeEnvelopeError extends Error {
  constructor(message: string) {
    super(`cboe option chain: ${message}`);
    this.name = 'CboeEnvelopeError';
  }
}

function unwrap(json: unknown): { records: unknown[]; meta: z.infer<typeof metaSchema> } {
  if (typeof json !== 'object' || json === null) throw new CboeEnvelopeError('payload is not an object');
  const outer = json as Record<string, unknown>;
  const data =
    typeof outer.data === 'object' && outer.data !== null ? (outer.data as Record<string, unknown>) : undefined;
  const records = data?.options ?? outer.raw_options ?? outer.options;
  if (!Array.isArray(records)) throw new CboeEnvelopeError('no options array (expected data.options or raw_options)');
  const meta = metaSchema.safeParse({
    symbol: data?.symbol ?? outer.symbol,
    current_price: data?.current_price ?? outer.current_price,
    timestamp: outer.timestamp ?? data?.timestamp,
  });
  return { records, meta: meta.success ? meta.data : {} };
}

// CBOE writes 0 when it has no model IV (deep ITM/expired lines); 0 would poison IV averages.
const positiveOrNull = (v: number | null): number | null => (v !== null && v > 0 ? v : null);

export function parseCboeOptionChain(json: unknown): OptionChainReport {
  const { records, meta } = unwrap(json);
  const report = createReportBuilder<OptionQuote>();
  records.forEach((record, i) => {
    const parsed = recordSchema.safeParse(record);
    if (!parsed.success) {
      report.skip(i + 1, describeIssues(parsed.error.issues), JSON.stringify(record));
      return;
    }
    const quote = quoteOf(parsed.data);
    if (quote) report.add(quote);
    else report.skip(i + 1, `option: not an OCC option symbol`, JSON.stringify(record));
  });
  return reportOf(report.build(), meta);
}

/** A CBOE record as the schema reads it (every field present; numbers or null). */
export type CboeRecord = z.output<typeof recordSchema>;

/** CBOE's envelope around a chain's records, as its JSON decodes. */
export interface CboePayload {
  timestamp: string;
  data: { symbol: string; current_price: number; options: CboeRecord[] } & Record<string, unknown>;
}

function quoteOf(r: CboeRecord): OptionQuote | null {
  const occ = parseOccSymbol(r.option);
  if (!occ) return null;
  // Fields named, not `{ ...occ, ... }`: on Node 20 a literal that starts with a spread and adds
  // properties costs ~35 us an object (6,288 SPY rows: 200 ms of a chain), named ~0.3 us.
  return {
    root: occ.root,
    underlying: occ.underlying,
    expiry: occ.expiry,
    type: occ.type,
    strike: occ.strike,
    symbol: r.option.replace(/\s+/g, ''),
    bid: r.bid,
    ask: r.ask,
    bidSize: r.bid_size,
    askSize: r.ask_size,
    last: positiveOrNull(r.last_trade_price),
    lastTradeTime: r.last_trade_time ?? null,
    volume: r.volume,
    openInterest: r.open_interest,
    iv: positiveOrNull(r.iv),
    delta: r.delta,
    gamma: r.gamma,
    theta: r.theta,
    vega: r.vega,
    rho: r.rho,
    theo: r.theo,
    prevClose: r.prev_day_close,
    change: r.change,
  };
}

function reportOf(
  built: ReturnType<ReturnType<typeof createReportBuilder<OptionQuote>>['build']>,
  meta: z.infer<typeof metaSchema>,
): OptionChainReport {
  const symbol = meta.symbol?.replace(/^[_^]/, '') ?? null;
  return {
    ...built,
    underlying: symbol,
    underlyingPrice: meta.current_price ?? null,
    asOf: meta.timestamp ?? null,
  };
}
