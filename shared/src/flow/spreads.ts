import type { FlowTrade } from '../schemas/flow.ts';
import { isMultiLegPrint, legSide, spreadStructure, type SpreadLeg, type SpreadStructure } from './multi-leg.ts';

/**
 * Multi-leg orders as one row (issue 39 item 3). The legs of one order share `order_id` (the demo's
 * records); a live feed has no order id, so its legs are matched by what they share on the tape: the
 * day, underlying, time and exchange of prints that carry a multi-leg condition. Any number of legs.
 */
export type SpreadDirection = 'bullish' | 'bearish' | 'long volatility' | 'short volatility' | 'neutral';

export interface SpreadOrder {
  /** The row's key: `spread:` and the order's grouping key (never a print's key). */
  key: string;
  /** Legs by expiry, then calls before puts, then strike. */
  legs: readonly FlowTrade[];
  /** The leg with the largest premium: the row shows its contract and time. */
  lead: FlowTrade;
  /** The structure of a two-leg order whose sides are known; null otherwise (shown as "multi-leg"). */
  structure: SpreadStructure | null;
  /**
   * Premium paid for bought legs minus premium received for sold ones, in thousands of dollars
   * (positive: a debit; negative: a credit); null when a leg's side is unknown (printed at the mid).
   */
  netPremium: number | null;
  direction: SpreadDirection | null;
}

/** A flow row: one print, or a multi-leg order shown through a head trade (sortable like a print). */
export type FlowRowTrade = FlowTrade & { spread?: SpreadOrder };

/** The key grouping the legs of one order, or null for a single-leg print. */
export function orderKeyOf(t: FlowTrade): string | null {
  if (t.order_id !== undefined) return `${t.date}|${t.order_id}`;
  if (!isMultiLegPrint(t)) return null;
  return `${t.date}|${t.ticker}|${t.time}|${t.exchange ?? ''}`;
}

const legOrder = (a: FlowTrade, b: FlowTrade): number =>
  a.date_expiration !== b.date_expiration
    ? a.date_expiration < b.date_expiration
      ? -1
      : 1
    : a.put_call !== b.put_call
      ? a.put_call === 'Call'
        ? -1
        : 1
      : a.strike_price - b.strike_price;

const sideOf = (t: FlowTrade) => legSide(t.aggressor_ind);

/** Net premium in thousands (debit positive); null when any leg's side is unknown. */
export function netPremiumOf(legs: readonly FlowTrade[]): number | null {
  let net = 0;
  for (const l of legs) {
    const side = sideOf(l);
    if (side === null) return null;
    net += side === 'buy' ? l.cost_basis : -l.cost_basis;
  }
  return Math.round(net * 1000) / 1000;
}

/** What a named structure bets on, from which legs were bought. */
export function spreadDirection(structure: SpreadStructure | null, legs: readonly SpreadLeg[]): SpreadDirection | null {
  if (structure === null || legs.length !== 2) return null;
  const bought = legs.find((l) => l.side === 'buy');
  switch (structure) {
    case 'straddle':
    case 'strangle':
      return legs[0]!.side === 'buy' ? 'long volatility' : 'short volatility';
    case 'calendar':
      return 'neutral';
    case 'risk reversal':
      return bought?.put_call === 'Call' ? 'bullish' : 'bearish';
    case 'vertical': {
      const sold = legs.find((l) => l.side === 'sell')!;
      // Calls or puts alike, owning the lower strike against the higher one gains as the price rises.
      return bought!.strike_price < sold.strike_price ? 'bullish' : 'bearish';
    }
  }
}

/** One order from its legs (at least one). */
export function spreadOrder(groupKey: string, legsIn: readonly FlowTrade[]): SpreadOrder {
  const legs = [...legsIn].sort(legOrder);
  const lead = legs.reduce((a, b) => (b.cost_basis > a.cost_basis ? b : a));
  const sides = legs.map(sideOf);
  const spreadLegs: SpreadLeg[] | null = sides.every((s) => s !== null)
    ? legs.map((l, i) => ({
        put_call: l.put_call,
        strike_price: l.strike_price,
        date_expiration: l.date_expiration,
        side: sides[i]!,
      }))
    : null;
  const structure = spreadLegs ? spreadStructure(spreadLegs) : null;
  return {
    key: `spread:${groupKey}`,
    legs,
    lead,
    structure,
    netPremium: netPremiumOf(legs),
    direction: spreadLegs ? spreadDirection(structure, spreadLegs) : null,
  };
}

/** The head trade a spread row sorts and renders by: its lead leg, the order's key, its net premium. */
export function spreadHead(order: SpreadOrder): FlowRowTrade {
  return {
    ...order.lead,
    key: order.key,
    cost_basis: order.netPremium ?? order.legs.reduce((s, l) => s + l.cost_basis, 0),
    spread: order,
  };
}

/** The legs of each multi-leg order of a list, by grouping key, in list order. */
export function ordersOf(trades: readonly FlowTrade[]): Map<string, FlowTrade[]> {
  const out = new Map<string, FlowTrade[]>();
  for (const t of trades) {
    const k = orderKeyOf(t);
    if (k === null) continue;
    const legs = out.get(k);
    if (legs) legs.push(t);
    else out.set(k, [t]);
  }
  return out;
}

const newRow = (groupKey: string, legs: readonly FlowTrade[]): FlowRowTrade => spreadHead(spreadOrder(groupKey, legs));

/** The rows of a list: single prints as they are, each multi-leg order once, at its first leg's place. */
export function groupFlow(
  trades: readonly FlowTrade[],
  rowOf: (groupKey: string, legs: readonly FlowTrade[]) => FlowRowTrade = newRow,
): FlowRowTrade[] {
  const orders = ordersOf(trades);
  if (orders.size === 0) return trades as FlowRowTrade[];
  const rows: FlowRowTrade[] = [];
  const placed = new Set<string>();
  for (const t of trades) {
    const k = orderKeyOf(t);
    if (k === null) {
      rows.push(t);
      continue;
    }
    if (placed.has(k)) continue;
    placed.add(k);
    rows.push(rowOf(k, orders.get(k)!));
  }
  return rows;
}

/**
 * groupFlow with memory: an order whose legs are the very objects of the last call keeps its row
 * object, so a streamed print re-renders its own row (memoised rows compare by identity), not each spread.
 */
export class SpreadRows {
  private kept = new Map<string, FlowRowTrade>();

  rows(trades: readonly FlowTrade[]): FlowRowTrade[] {
    const next = new Map<string, FlowRowTrade>();
    const rows = groupFlow(trades, (k, legs) => {
      const old = this.kept.get(k)?.spread;
      const row =
        old && old.legs.length === legs.length && legs.every((l) => old.legs.includes(l))
          ? this.kept.get(k)!
          : newRow(k, legs);
      next.set(k, row);
      return row;
    });
    this.kept = next;
    return rows;
  }
}
