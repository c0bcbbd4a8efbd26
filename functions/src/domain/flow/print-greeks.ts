import { blackScholes, impliedVol } from '../../analytics/black-scholes.ts';
import { dayNumber } from '../calendar/dates.ts';
import { RISK_FREE_RATE, symbolDividendYield } from '../options-market/underlying.ts';

export interface PrintQuote {
  ticker: string;
  date: string;
  /** New York wall time HH:MM:SS. */
  time: string;
  put_call: 'Call' | 'Put';
  strike_price: number;
  date_expiration: string;
  midpoint: number | null;
  underlying_price: number | null;
}

const YEAR_DAYS = 365;
const CLOSE_SECONDS = 16 * 3600;
const MIN_SECONDS = 60;

/**
 * Years from the print to expiry. Calendar days / 365 from the print's date, as the chains count
 * them (so a print's IV reads against its chain's); on the expiry day itself, the session time left
 * to the 16:00 close (at least a minute).
 */
export function yearsToExpiry(date: string, time: string, expiry: string): number {
  const days = dayNumber(expiry) - dayNumber(date);
  if (days > 0) return days / YEAR_DAYS;
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  const left = Math.max(MIN_SECONDS, CLOSE_SECONDS - (h * 3600 + m * 60 + (s || 0)));
  return left / (86_400 * YEAR_DAYS);
}

/**
 * Implied volatility and delta at the print (issue 39 item 2): Black-Scholes-Merton implied from the
 * quote's midpoint (the market's price at that moment; the print's own price leans to its side) and
 * the underlying price the feed carried, r = the demo's flat T-bill rate, q = the name's dividend
 * yield. Null without a midpoint or an underlying price, past expiry, or when the midpoint lies
 * outside the no-arbitrage bounds (no volatility prices it). Computed once per print at ingest.
 */
export function printGreeks(p: PrintQuote): { iv: number; delta: number } | null {
  const S = p.underlying_price;
  const mid = p.midpoint;
  if (S === null || mid === null || !(S > 0) || !(mid > 0) || !(p.strike_price > 0)) return null;
  if (p.date_expiration < p.date) return null;
  const type = p.put_call === 'Call' ? 'call' : 'put';
  const K = p.strike_price;
  const T = yearsToExpiry(p.date, p.time, p.date_expiration);
  const r = RISK_FREE_RATE;
  const q = symbolDividendYield(p.ticker);
  // Plain literals, not `{ ...input, price }`: a spread plus a new field is V8's slow path (per print).
  let sigma: number;
  try {
    sigma = impliedVol({ S, K, T, r, q, type, price: mid });
  } catch {
    return null;
  }
  if (!Number.isFinite(sigma)) return null;
  const { delta } = blackScholes({ S, K, T, r, q, type, sigma });
  return { iv: Math.round(sigma * 10_000) / 10_000, delta: Math.round(delta * 1000) / 1000 };
}
