import type { FlowTrade, KeyStats, PremiumEntry } from '../schemas/flow.ts';

export const TOP_PREMIUM_BARS = 30;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Key stats of a list (spec part 2 section 3), calls first and puts second: number of trades,
 * average score (2 decimals), total premium in thousands (whole numbers) and volume, which is
 * the contracts traded in the listed trades (sum of size; summing each trade's day volume would
 * count a contract's volume once per trade).
 */
export function keyStats(trades: readonly FlowTrade[]): KeyStats {
  const acc = { Call: { n: 0, score: 0, cost: 0, size: 0 }, Put: { n: 0, score: 0, cost: 0, size: 0 } };
  for (const t of trades) {
    const a = acc[t.put_call];
    a.n += 1;
    a.score += t.score;
    a.cost += t.cost_basis;
    a.size += t.size;
  }
  const avg = (a: { n: number; score: number }) => (a.n === 0 ? 0 : round2(a.score / a.n));
  return {
    tradeCount: [acc.Call.n, acc.Put.n],
    score: [avg(acc.Call), avg(acc.Put)],
    costBasis: [Math.round(acc.Call.cost), Math.round(acc.Put.cost)],
    volume: [acc.Call.size, acc.Put.size],
  };
}

/**
 * Largest premiums per ticker for one side: cost_basis summed per ticker (thousands, whole
 * numbers), largest first (ties by ticker), at most `limit` entries. Not padded: the chart pads.
 */
export function largestPremiums(
  trades: readonly FlowTrade[],
  side: 'Call' | 'Put',
  limit = TOP_PREMIUM_BARS,
): PremiumEntry[] {
  const sums = new Map<string, number>();
  for (const t of trades) if (t.put_call === side) sums.set(t.ticker, (sums.get(t.ticker) ?? 0) + t.cost_basis);
  return [...sums]
    .map(([ticker, cost]) => ({ ticker, costBasis: Math.round(cost) }))
    .sort((a, b) => b.costBasis - a.costBasis || (a.ticker < b.ticker ? -1 : 1))
    .slice(0, limit);
}

/** Pads a premium list with blank bars to a fixed count (the charts always show 30 bars). */
export function padPremiums(entries: readonly PremiumEntry[], count = TOP_PREMIUM_BARS): PremiumEntry[] {
  const out = entries.slice(0, count);
  while (out.length < count) out.push({ ticker: '', costBasis: 0 });
  return out;
}
