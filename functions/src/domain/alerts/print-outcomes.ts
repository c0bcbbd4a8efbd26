import { dayNumber } from '../calendar/dates.ts';
import type { OptionContract, OptionsMarket } from '../options-market/index.ts';

/**
 * What a print did for whoever took it (issue 39 item 4). Side conventions: a print at or above the
 * ask was bought (+1), at or below the bid sold (-1); between the two the side is unknown (0) and
 * the print counts in neither the direction nor the P&L.
 */
export type Side = 1 | -1 | 0;

export function printSide(price: number, bid: number | null, ask: number | null): Side {
  if (ask !== null && Number.isFinite(ask) && ask > 0 && price >= ask) return 1;
  if (bid !== null && Number.isFinite(bid) && price <= bid) return -1;
  return 0;
}

/** Bought calls and sold puts bet on a rise (+1); bought puts and sold calls on a fall (-1). */
export function printDirection(side: Side, putCall: string): Side {
  if (side === 0) return 0;
  const call = putCall.toUpperCase() === 'CALL';
  return (call ? side : -side) as Side;
}

/** `k` indexes spread evenly over [0, n) (all of them when n <= k): a sample across the whole span. */
export function evenSample(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: k }, (_, i) => Math.floor(((i + 0.5) * n) / k));
}

export interface PrintContract {
  put_call: string;
  strike_price: number;
  date_expiration: string;
}

/** The contract's value at expiry with the underlying at `close`. */
export function intrinsic(c: PrintContract, close: number): number {
  const call = c.put_call.toUpperCase() === 'CALL';
  return Math.max(0, call ? close - c.strike_price : c.strike_price - close);
}

/**
 * The contract's value at the close of the market's day: its mid from the options market model (the
 * same surface and quote the chains and the flow simulator use), or its intrinsic value at the close
 * once it has expired. The contract is priced as printed even where the day's listing grid would no
 * longer show its strike (a listed contract stays listed until it expires).
 */
export function contractMark(market: OptionsMarket, c: PrintContract): number {
  const u = market.underlying;
  if (c.date_expiration <= u.date) return intrinsic(c, u.close);
  const type = c.put_call.toUpperCase() === 'CALL' ? 'call' : 'put';
  const dte = dayNumber(c.date_expiration) - dayNumber(u.date);
  const contract: OptionContract = market.contractAt(c.date_expiration, c.strike_price, type) ?? {
    symbol: '',
    expiry: c.date_expiration,
    kind: 'monthly',
    type,
    strike: c.strike_price,
    dte,
    T: dte / 365,
  };
  const q = market.quote(contract, u.close);
  return (q.bid + q.ask) / 2;
}

/** P&L of a print in dollars: (mark - price) x size x 100, signed by the side it took. */
export const printPnl = (side: Side, price: number, size: number, mark: number): number =>
  (mark - price) * size * 100 * side;

export interface PnlSummary {
  /** Sided prints with a mark at this horizon. */
  prints: number;
  /** Sum of their P&L, dollars. */
  pnl: number;
  /** Sum of what they paid or received, dollars (price x size x 100). */
  premium: number;
  /** pnl / premium; null without prints. */
  return: number | null;
  /** Share of prints with a P&L above zero; null without prints. */
  winners: number | null;
}

export function pnlSummary(samples: ReadonlyArray<{ pnl: number; premium: number }>): PnlSummary {
  const pnl = samples.reduce((s, x) => s + x.pnl, 0);
  const premium = samples.reduce((s, x) => s + x.premium, 0);
  const wins = samples.filter((x) => x.pnl > 0).length;
  const n = samples.length;
  return {
    prints: n,
    pnl: Math.round(pnl),
    premium: Math.round(premium),
    return: n > 0 && premium > 0 ? Math.round((pnl / premium) * 1000) / 1000 : null,
    winners: n > 0 ? Math.round((wins / n) * 1000) / 1000 : null,
  };
}
