import { z } from 'zod';
import { createReportBuilder, describeIssues } from '../parse-report.ts';
import type { OptionChainReport, OptionQuote } from '../option-quote.ts';
import { parseOccSymbol } from '../option-quote.ts';
import { nanosToMillis, newYorkDateTime } from '../trading-date.ts';
import { checkEnvelope, resultsOf } from './envelope.ts';

/**
 * Polygon v3 option chain snapshot (/v3/snapshot/options/{underlying}), mapped onto the same
 * OptionQuote as CBOE so the option-walls job does not care which vendor is configured.
 */
const num = z
  .number()
  .nullish()
  .transform((v) => v ?? null);

const contractSchema = z.object({
  details: z.object({
    ticker: z.string(),
    contract_type: z.enum(['call', 'put']).optional(),
    strike_price: z.number().optional(),
    expiration_date: z.string().optional(),
  }),
  day: z.object({ volume: num, previous_close: num, change: num, close: num }).partial().nullish(),
  greeks: z.object({ delta: num, gamma: num, theta: num, vega: num }).partial().nullish(),
  implied_volatility: num,
  open_interest: num,
  last_quote: z.object({ bid: num, ask: num, bid_size: num, ask_size: num }).partial().nullish(),
  last_trade: z.object({ price: num, sip_timestamp: num }).partial().nullish(),
  underlying_asset: z.object({ price: num, ticker: z.string().optional() }).partial().nullish(),
});

export interface PolygonOptionChainReport extends OptionChainReport {
  nextUrl?: string;
}

export function parsePolygonOptionChain(json: unknown): PolygonOptionChainReport {
  const env = checkEnvelope(json);
  const report = createReportBuilder<OptionQuote>();
  let underlying: string | null = null;
  let underlyingPrice: number | null = null;
  resultsOf(env).forEach((raw, i) => {
    const parsed = contractSchema.safeParse(raw);
    if (!parsed.success) {
      report.skip(i + 1, describeIssues(parsed.error.issues), JSON.stringify(raw));
      return;
    }
    const c = parsed.data;
    const occ = parseOccSymbol(c.details.ticker);
    if (!occ) {
      report.skip(i + 1, 'details.ticker: not an OCC option symbol', JSON.stringify(raw));
      return;
    }
    underlying ??= c.underlying_asset?.ticker ?? null;
    underlyingPrice ??= c.underlying_asset?.price ?? null;
    const tradeNs = c.last_trade?.sip_timestamp ?? null;
    report.add({
      ...occ,
      symbol: c.details.ticker.replace(/^O:/, ''),
      bid: c.last_quote?.bid ?? null,
      ask: c.last_quote?.ask ?? null,
      bidSize: c.last_quote?.bid_size ?? null,
      askSize: c.last_quote?.ask_size ?? null,
      last: c.last_trade?.price ?? null,
      lastTradeTime: tradeNs === null ? null : newYorkDateTime(nanosToMillis(tradeNs)),
      volume: c.day?.volume ?? null,
      openInterest: c.open_interest,
      iv: c.implied_volatility,
      delta: c.greeks?.delta ?? null,
      gamma: c.greeks?.gamma ?? null,
      theta: c.greeks?.theta ?? null,
      vega: c.greeks?.vega ?? null,
      rho: null,
      theo: null,
      prevClose: c.day?.previous_close ?? null,
      change: c.day?.change ?? null,
    });
  });
  const result: PolygonOptionChainReport = { ...report.build(), underlying, underlyingPrice, asOf: null };
  if (env.next_url) result.nextUrl = env.next_url;
  return result;
}
