import { hashString } from './prng.ts';

/** One underlying the simulator may trade, with its real prices from the bundled dataset. */
export interface FlowUnderlying {
  symbol: string;
  kind: 'stock' | 'etf';
  /** Close of the simulated day and of the day before (the intraday path runs between them). */
  close: number;
  prevClose: number;
  /** Mean daily dollar volume over the last month: drives how often the name trades options. */
  dollarVolume: number;
  /** Annualised volatility of daily log returns over the last ~3 months (0.1-1.5). */
  vol: number;
}

/** Names whose options trade far more than their share volume suggests (index ETFs, retail favourites). */
const OPTION_HEAVY: Readonly<Record<string, number>> = {
  SPY: 8,
  QQQ: 5,
  IWM: 3,
  TSLA: 3,
  NVDA: 2.5,
  AAPL: 1.5,
  AMD: 2,
  META: 1.5,
  AMZN: 1.3,
  SMCI: 2,
  COIN: 2,
};
/** Popularity follows dollar volume with a convex power: a few names take most trades. */
const POPULARITY_POWER = 1.15;

/**
 * Cumulative popularity weights over the universe (heavy-tailed: with the bundled S&P 500 +
 * NASDAQ-100 universe the top 10 names take about half of all trades, like real flow).
 */
export function popularity(universe: readonly FlowUnderlying[]): Float64Array {
  const cum = new Float64Array(universe.length);
  let acc = 0;
  universe.forEach((u, i) => {
    const base = Math.max(u.dollarVolume, 1) ** POPULARITY_POWER;
    acc += base * (OPTION_HEAVY[u.symbol] ?? 1);
    cum[i] = acc;
  });
  for (let i = 0; i < cum.length; i += 1) cum[i]! /= acc;
  return cum;
}

/** Index of the first cumulative weight above u (binary search). */
export function pickIndex(cum: Float64Array, u: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Daily-expiry ETFs (SPY, QQQ, IWM list Monday-Friday expiries); other names list Fridays. */
export const DAILY_EXPIRY_SYMBOLS: ReadonlySet<string> = new Set(['SPY', 'QQQ', 'IWM']);

const EXCHANGES = [
  'CBOE',
  'PHLX',
  'ISE',
  'AMEX',
  'BOX',
  'MIAX',
  'ARCA',
  'NSDQ',
  'BATS',
  'C2',
  'GEMX',
  'EDGX',
  'MPRL',
  'PERL',
] as const;

export function exchangeFor(u: number): string {
  return EXCHANGES[Math.min(EXCHANGES.length - 1, Math.floor(u * EXCHANGES.length))]!;
}

/** A 24-hex-digit id like the vendor's (Mongo object ids), unique per seed/date/sequence. */
export function recordId(seed: number, date: string, seq: number | string): string {
  const parts = [
    hashString(`${seed}|${date}|${seq}`),
    hashString(`${date}|${seq}|${seed}`, 7),
    hashString(`${seq}|${seed}`, 13),
  ];
  return parts.map((h) => h.toString(16).padStart(8, '0')).join('');
}
