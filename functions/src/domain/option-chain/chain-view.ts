/**
 * The option chain screen's answer from one vendor chain (CBOE delayed quotes, Polygon's snapshot
 * or the demo's options market in CBOE's format): expirations, and per strike the call and put
 * quotes with the IV and Greeks of their mids (mid-greeks.ts).
 */
import type { OptionChain, OptionChainRow, OptionSide } from '@tapewatch/shared/schemas/option-chain';
import type { CloseBasis } from '@tapewatch/shared/schemas/tickers';
import { dayNumber, thirdFriday } from '../calendar/dates.ts';
import { tradingDayOnOrBefore } from '../calendar/nyse.ts';
import { midGreeks } from './mid-greeks.ts';

/** One contract as every vendor adapter reports it (structurally the providers' OptionQuote). */
export interface ChainQuote {
  symbol: string;
  expiry: string;
  type: 'call' | 'put';
  strike: number;
  bid: number | null;
  ask: number | null;
  last: number | null;
  volume: number | null;
  openInterest: number | null;
  /** The vendor's IV (at its own theoretical price): only where the IV search starts. */
  iv: number | null;
}

export interface ChainInput {
  ticker: string;
  /** 'YYYY-MM-DD HH:mm:ss' New York. */
  asOf: string;
  spot: number;
  /** The price scale of the strikes and the spot (chain-input.ts chainPriceBasis). */
  priceBasis: CloseBasis;
  r: number;
  q: number;
  quotes: readonly ChainQuote[];
}

export class UnlistedExpirationError extends Error {}

/** A standard monthly: the third Friday, or the trading day before it when that Friday is a holiday. */
export function isMonthly(expiry: string): boolean {
  return tradingDayOnOrBefore(thirdFriday(+expiry.slice(0, 4), +expiry.slice(5, 7))) === expiry;
}

/** Calendar days from the snapshot's date to each expiration still to come, nearest first. */
export function chainExpirations(input: Pick<ChainInput, 'asOf' | 'quotes'>): OptionChain['expirations'] {
  const date = input.asOf.slice(0, 10);
  const day0 = dayNumber(date);
  const expiries = [...new Set(input.quotes.map((q) => q.expiry))].filter((e) => e > date).sort();
  return expiries.map((expiration) => ({
    expiration,
    dte: dayNumber(expiration) - day0,
    monthly: isMonthly(expiration),
  }));
}

/** The expiration shown when none is asked for: the nearest monthly, else the nearest expiration. */
export function defaultExpiration(expirations: OptionChain['expirations']): string | undefined {
  return (expirations.find((e) => e.monthly) ?? expirations[0])?.expiration;
}

const mid = (bid: number | null, ask: number | null): number | null =>
  bid !== null && ask !== null && ask > 0 && ask >= bid ? Math.round(((bid + ask) / 2) * 1e4) / 1e4 : null;

function side(c: ChainQuote, input: ChainInput, T: number): OptionSide {
  const m = mid(c.bid, c.ask);
  const g =
    m === null
      ? null
      : midGreeks({ mid: m, S: input.spot, K: c.strike, T, r: input.r, q: input.q, type: c.type, guess: c.iv });
  return {
    symbol: c.symbol,
    bid: c.bid,
    ask: c.ask,
    mid: m,
    last: c.last,
    volume: c.volume,
    open_interest: c.openInterest,
    iv: g?.iv ?? null,
    delta: g?.delta ?? null,
    gamma: g?.gamma ?? null,
    theta: g?.theta ?? null,
    vega: g?.vega ?? null,
  };
}

/** Rows of one expiration, by strike. */
export function expirationRows(input: ChainInput, expiration: string, dte: number): OptionChainRow[] {
  const T = dte / 365;
  const byStrike = new Map<number, OptionChainRow>();
  for (const c of input.quotes) {
    if (c.expiry !== expiration) continue;
    let row = byStrike.get(c.strike);
    if (!row) byStrike.set(c.strike, (row = { expiration, strike: c.strike, call: null, put: null }));
    row[c.type] = side(c, input, T);
  }
  return [...byStrike.values()].sort((a, b) => a.strike - b.strike);
}

/** The expiration answered (`all`, the one asked for, or the nearest monthly) and the expirations it covers. */
function pickExpirations(
  ticker: string,
  expirations: OptionChain['expirations'],
  expiration?: string,
): { chosen: string | undefined; picked: OptionChain['expirations'] } {
  const chosen = expiration ?? defaultExpiration(expirations);
  const picked = chosen === 'all' ? expirations : expirations.filter((e) => e.expiration === chosen);
  if (chosen !== undefined && chosen !== 'all' && picked.length === 0)
    throw new UnlistedExpirationError(
      `No ${ticker} options expire on ${chosen}. Listed expirations: ${expirations
        .slice(0, 6)
        .map((e) => e.expiration)
        .join(', ')}${expirations.length > 6 ? ', ...' : ''}.`,
    );
  return { chosen, picked };
}

/**
 * The answer for one expiration (the nearest monthly when none is given) or `all`. An expiration
 * the chain does not list throws UnlistedExpirationError (the caller's 400). Prices only the
 * expirations answered.
 */
export function optionChainView(input: ChainInput, expiration?: string): OptionChain {
  const expirations = chainExpirations(input);
  const { chosen, picked } = pickExpirations(input.ticker, expirations, expiration);
  return {
    ticker: input.ticker,
    as_of: input.asOf,
    underlying_price: input.spot,
    price_basis: input.priceBasis,
    rates: { r: input.r, q: input.q },
    expirations,
    expiration: chosen ?? '',
    rows: picked.flatMap((e) => expirationRows(input, e.expiration, e.dte)),
  };
}

/**
 * The same answer cut from a whole chain already priced (`expiration=all`): nothing is priced
 * again, so a chain's IVs are solved once however many expirations are asked for.
 */
export function chainSlice(whole: OptionChain, expiration?: string): OptionChain {
  const { chosen, picked } = pickExpirations(whole.ticker, whole.expirations, expiration);
  if (chosen === 'all') return whole;
  const answered = new Set(picked.map((e) => e.expiration));
  return { ...whole, expiration: chosen ?? '', rows: whole.rows.filter((r) => answered.has(r.expiration)) };
}
