import type { FlowTrade, KeyStats, PremiumEntry } from '../schemas/flow.ts';
import { orderKeyOf, spreadOrder } from './spreads.ts';

export const TOP_PREMIUM_BARS = 30;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Key stats and per-ticker premiums of a list, added one trade at a time (so a server filtering
 * thousands of rows gathers them in the same pass). The sums run in list order, so the figures
 * are exactly those of `keyStats` and `largestPremiums` over the list.
 *
 * A multi-leg order counts once (issue 39 item 3): its legs are held until the figures are read,
 * then the order adds one trade on its largest leg's side, with that leg's score, the order's net
 * premium (its size; the legs' total when a side is unknown) and the contracts of all its legs.
 */
export class FlowStats {
  private readonly acc = {
    Call: { n: 0, score: 0, cost: 0, size: 0, byTicker: new Map<string, number>() },
    Put: { n: 0, score: 0, cost: 0, size: 0, byTicker: new Map<string, number>() },
  };
  private readonly orders = new Map<string, FlowTrade[]>();

  add(t: FlowTrade): void {
    const k = orderKeyOf(t);
    if (k === null) {
      this.count(t.put_call, t.ticker, t.score, t.cost_basis, t.size);
      return;
    }
    const legs = this.orders.get(k);
    if (legs) legs.push(t);
    else this.orders.set(k, [t]);
  }

  private count(side: 'Call' | 'Put', ticker: string, score: number, cost: number, size: number): void {
    const a = this.acc[side];
    a.n += 1;
    a.score += score;
    a.cost += cost;
    a.size += size;
    a.byTicker.set(ticker, (a.byTicker.get(ticker) ?? 0) + cost);
  }

  /** Counts the held orders once each (reading the figures twice counts them once). */
  private settle(): void {
    for (const [k, legs] of this.orders) {
      const o = spreadOrder(k, legs);
      const premium = o.netPremium === null ? legs.reduce((s, l) => s + l.cost_basis, 0) : Math.abs(o.netPremium);
      const size = legs.reduce((s, l) => s + l.size, 0);
      this.count(o.lead.put_call, o.lead.ticker, o.lead.score, premium, size);
    }
    this.orders.clear();
  }

  /**
   * Key stats (spec part 2 section 3), calls first and puts second: number of trades, average
   * score (2 decimals), total premium in thousands (whole numbers) and volume, which is the
   * contracts traded in the listed trades (sum of size; summing each trade's day volume would
   * count a contract's volume once per trade).
   */
  keyStats(): KeyStats {
    this.settle();
    const { Call, Put } = this.acc;
    const avg = (a: { n: number; score: number }) => (a.n === 0 ? 0 : round2(a.score / a.n));
    return {
      tradeCount: [Call.n, Put.n],
      score: [avg(Call), avg(Put)],
      costBasis: [Math.round(Call.cost), Math.round(Put.cost)],
      volume: [Call.size, Put.size],
    };
  }

  /**
   * Largest premiums per ticker for one side: cost_basis summed per ticker (thousands, whole
   * numbers), largest first (ties by ticker), at most `limit` entries. Not padded: the chart pads.
   */
  largestPremiums(side: 'Call' | 'Put', limit = TOP_PREMIUM_BARS): PremiumEntry[] {
    this.settle();
    return [...this.acc[side].byTicker]
      .map(([ticker, cost]) => ({ ticker, costBasis: Math.round(cost) }))
      .sort((a, b) => b.costBasis - a.costBasis || (a.ticker < b.ticker ? -1 : 1))
      .slice(0, limit);
  }
}

function statsOf(trades: readonly FlowTrade[]): FlowStats {
  const stats = new FlowStats();
  for (const t of trades) stats.add(t);
  return stats;
}

/** Key stats of a list (see FlowStats.keyStats). */
export function keyStats(trades: readonly FlowTrade[]): KeyStats {
  return statsOf(trades).keyStats();
}

/** Largest premiums per ticker for one side of a list (see FlowStats.largestPremiums). */
export function largestPremiums(
  trades: readonly FlowTrade[],
  side: 'Call' | 'Put',
  limit = TOP_PREMIUM_BARS,
): PremiumEntry[] {
  return statsOf(trades).largestPremiums(side, limit);
}

/** Pads a premium list with blank bars to a fixed count (the charts always show 30 bars). */
export function padPremiums(entries: readonly PremiumEntry[], count = TOP_PREMIUM_BARS): PremiumEntry[] {
  const out = entries.slice(0, count);
  while (out.length < count) out.push({ ticker: '', costBasis: 0 });
  return out;
}
