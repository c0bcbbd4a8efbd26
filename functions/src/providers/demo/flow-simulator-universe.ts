import type { UnderlyingDay } from '../../domain/options-market/index.ts';
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
  /** The same over ~1 year; default `vol`. */
  longVol?: number;
  /** Lowest and highest close of the last ~20 sessions (strikes listed while the price moved); default the two closes. */
  rangeLow?: number;
  rangeHigh?: number;
  /** Close over its 3-month high, minus 1; default 0. */
  drawdown?: number;
  /** VIX close of the day: SPY's surface follows it, and the flow's put share for every name. */
  vix?: number;
}

/** The options market's view of a flow underlying on `date`. */
export function underlyingDayOf(u: FlowUnderlying, date: string): UnderlyingDay {
  return {
    symbol: u.symbol,
    kind: u.kind,
    date,
    close: u.close,
    prevClose: u.prevClose,
    realisedVol: u.vol,
    longVol: u.longVol ?? u.vol,
    dollarVolume: u.dollarVolume,
    rangeLow: u.rangeLow ?? Math.min(u.close, u.prevClose),
    rangeHigh: u.rangeHigh ?? Math.max(u.close, u.prevClose),
    drawdown: u.drawdown ?? 0,
    ...(u.vix !== undefined ? { vix: u.vix } : {}),
  };
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
