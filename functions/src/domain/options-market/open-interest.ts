/**
 * Open interest: a starting profile, then moved by the day's opening and closing trades.
 *
 * Profile, calibrated on the real IWM chain of 2026-07-02 (shared/data/samples/cboe): OI per
 * expiry relative to the front standard monthly is about 1 for monthlies (x1.6 on the quarter months
 * Mar/Jun/Sep/Dec, where index hedges roll), 0.4 for January LEAPS, 0.08 for weeklies, 0.04 for
 * end-of-quarter series and 0.02 for dailies; within an expiry it is concentrated near the money,
 * puts centred ~5% below (hedges), calls ~2% above (overwriting), heavier on round strikes; puts
 * outnumber calls on ETFs (IWM: put/call OI 2.8) and calls on single stocks.
 * Total size scales with the name's dollar volume (SPY ~20M contracts, a $100M/day name ~100K).
 */
import { hashString, hashUnit, mix32, normalOfSeed } from '../../analytics/seeded-random.ts';
import type { ExpiryKind } from './expirations.ts';

export const OI_PARAMS = {
  kindWeight: { monthly: 1, leaps: 0.4, weekly: 0.08, quarterly: 0.04, daily: 0.02 } satisfies Record<
    ExpiryKind,
    number
  >,
  quarterMonthBoost: 1.6,
  // IWM's own chain shows 2.8 and SPY's is lower (SPX takes much of the index hedging); at 2.2 the
  // modelled SPY dealer gamma stays negative across +-10% of spot (no gamma flip, unlike the real
  // one, which sits near spot); 1.6 keeps the flip within 1% of spot on every 2024 day checked.
  etfPutCall: 1.6,
  stockPutCall: 0.7,
  spyTotal: 2e7,
  spyDollarVolume: 3.5e10,
  sizePower: 0.9,
  /** Day-to-day drift of the part of OI the flow feed does not see: log-sd, knots every 10 sessions. */
  driftSd: 0.15,
  driftKnots: 10,
} as const;

const P = OI_PARAMS;

function roundStrikeWeight(K: number): number {
  if (K % 50 === 0) return 3;
  if (K % 10 === 0) return 2;
  if (K % 5 === 0) return 1.4;
  return Number.isInteger(K) ? 1 : 0.6;
}

/** Total open interest of a name's chain for its dollar volume. */
export function totalOpenInterest(dollarVolume: number): number {
  return P.spyTotal * (Math.max(dollarVolume, 1e6) / P.spyDollarVolume) ** P.sizePower;
}

// A whole chain's OI is thousands of draws: key them by one string hash and integer mixing.
const keyedNormal = (h: number, i: number): number => normalOfSeed(mix32(h ^ Math.imul(i, 0x9e3779b1)));

/** Standard-normal drift joined smoothly between knots (variance ~1 everywhere), at knot position `pos`. */
function smoothDrift(h: number, pos: number): number {
  const i = Math.floor(pos);
  const f = pos - i;
  const s = f * f * (3 - 2 * f);
  return (keyedNormal(h, i) * (1 - s) + keyedNormal(h, i + 1) * s) / Math.sqrt((1 - s) ** 2 + s ** 2);
}

/** What a contract's open-interest shape depends on: its expiration, and whether the name is an ETF. */
export interface SeriesKey {
  kind: ExpiryKind;
  expiry: string;
  dte: number;
  T: number;
  etf: boolean;
}

const OWN_SD = 0.5;
/** E[exp(0.5 Z)]: the mean of a contract's own log-normal factor, for the chain's expected total. */
const OWN_MEAN = Math.exp(OWN_SD ** 2 / 2);

/**
 * The deterministic part of a contract's weight (expiry kind, distance from the money, round
 * strikes) for every contract of one expiration: what depends on the expiration alone is computed
 * once (a chain's normaliser visits thousands of contracts).
 */
export function seriesShape(
  key: SeriesKey,
  refSpot: number,
  atmVol: number,
): (type: 'call' | 'put', strike: number) => number {
  const { kind, dte, T } = key;
  const width = Math.max(0.04, 1.2 * atmVol * Math.sqrt(Math.max(T, 0.05)));
  // Short-dated series are young: positions build up as expiry approaches.
  const buildUp = kind === 'daily' || kind === 'weekly' ? 0.35 + 0.65 * Math.exp(-dte / 20) : 1;
  const quarterMonth = kind === 'monthly' && +key.expiry.slice(5, 7) % 3 === 0 ? P.quarterMonthBoost : 1;
  const callFactor = P.kindWeight[kind] * quarterMonth * 1;
  const putFactor = P.kindWeight[kind] * quarterMonth * (key.etf ? P.etfPutCall : P.stockPutCall);
  const callCentre = refSpot * 1.02;
  const putCentre = refSpot * 0.95;
  return (type, strike) => {
    const put = type === 'put';
    const shape = 0.01 + Math.exp(-0.5 * (Math.log(strike / (put ? putCentre : callCentre)) / width) ** 2);
    return (put ? putFactor : callFactor) * shape * roundStrikeWeight(strike) * buildUp;
  };
}

/** Expected weight (the shape times the mean of the random factors): sums to the chain's normaliser. */
export const expectedOpenInterestWeight = (shape: number): number => shape * OWN_MEAN;

/**
 * Weight of one contract on one date: its shape (`seriesShape`) times its own log-normal size (some
 * series simply draw more positions) and a slow drift of the positions the flow feed does not see,
 * keyed by the date's `weekdayIndex`.
 */
export function weightOfShape(shape: number, contract: string, seed: number, dayIndex: number): number {
  const h = hashString(contract, seed);
  const own = Math.exp(OWN_SD * keyedNormal(h, -1));
  const drift = Math.exp(P.driftSd * smoothDrift(h, dayIndex / P.driftKnots));
  return shape * own * drift;
}

export interface OiPrint {
  contract: string;
  size: number;
  /** True when the trade opened positions, false when it closed them. */
  opening: boolean;
}

/**
 * Open interest after a session's prints: openings add their size, closings remove it (never
 * below zero: a close cannot remove positions that do not exist).
 */
export function applyPrints(start: ReadonlyMap<string, number>, prints: readonly OiPrint[]): Map<string, number> {
  const out = new Map(start);
  for (const p of prints) {
    const oi = out.get(p.contract) ?? 0;
    out.set(p.contract, Math.max(0, oi + (p.opening ? p.size : -p.size)));
  }
  return out;
}

/**
 * Share of the prints that could be closing (the day's volume still within the morning's open
 * interest) that open positions instead. A model assumption, not a sourced figure: the exchanges'
 * open/close volume summaries are paid products; unusual-activity prints are read as mostly new
 * positions, so a little over half.
 */
export const OPENING_SHARE = 0.6;

/** One print as the feed shows it: what the opening/closing rule reads. */
export interface FeedPrint {
  /** The print's id (seeds the draw, so the same print always decides the same way). */
  id: string;
  contract: string;
  size: number;
  /** The contract's day volume after this print. */
  volume: number;
  /** The contract's open interest at the start of the session. */
  openInterest: number;
}

/**
 * Whether a print opened positions. The feed does not say, so the model decides as a reader of the
 * tape must where it can: a print that takes the day's volume above the morning's open interest
 * cannot all be closing (there are not that many positions to close), so it opens; within the open
 * interest, it opens with OPENING_SHARE, drawn from the print's id. A print decided closing therefore
 * always finds positions to close: the day's closings never exceed the morning's open interest.
 */
export function printOpens(p: FeedPrint, seed: number): boolean {
  return p.volume > p.openInterest || hashUnit(seed, 'opens', p.id) < OPENING_SHARE;
}

/** A session's net openings per contract: opening volume minus closing volume (zero nets left out). */
export function netOpeningsOf(prints: readonly FeedPrint[], seed: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of prints) {
    const net = (out.get(p.contract) ?? 0) + (printOpens(p, seed) ? p.size : -p.size);
    out.set(p.contract, net);
  }
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}
