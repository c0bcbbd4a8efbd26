import {
  optionsMarket,
  type ListedExpiry,
  type OpenInterestCarry,
  type OptionContract,
  type OptionsMarket,
} from '../../domain/options-market/index.ts';
import { clamp, lognormal, normal, rngFrom, seedFrom } from './prng.ts';
import { putShare } from './flow-regime.ts';
import {
  exchangeFor,
  pickIndex,
  popularity,
  recordId,
  underlyingDayOf,
  type FlowUnderlying,
} from './flow-simulator-universe.ts';

/**
 * Seeded options-flow generator emitting Benzinga option_activity records (numbers as strings, as
 * the vendor sends them), so the demo runs the production parser. It trades the options market of
 * domain/options-market, the same one the demo chains print:
 *  - arrivals: a U-shaped intraday intensity (busy open and close) plus bursts (a sweep split
 *    into follow-on prints of the same contract within seconds);
 *  - tickers: heavy-tailed popularity from the universe's dollar volume (index ETFs and mega caps);
 *  - contracts: only those the market lists that day (its expirations and strike grid), weighted to
 *    the near term and slightly out of the money; nothing priced under $0.05;
 *  - prices: inside that moment's bid/ask of the market (the underlying on its intraday path), at the
 *    ask, the bid, the mid or between, with the side in the vendor's aggressor_ind and sentiment;
 *  - premiums: an unusual-activity feed: no print under FLOW_SIM.premiumFloorUsd ($25,000, the
 *    smallest order such feeds flag as large; smaller prints are ordinary retail flow), the excess
 *    log-normal (median print ~$55K, blocks larger), size = premium / (price x 100) in whole contracts;
 *  - regime: put share by name and day from flow-regime.ts (index ETFs put-heavy, more puts in
 *    drawdowns and high realised vol, single names call-leaning);
 *  - volume and open interest: open interest is the market's for the contract that morning (its
 *    starting profile plus the net openings carried from the earlier sessions' prints, SimDay.carry);
 *    volume accumulates per contract through the day (a later print never shows less volume).
 * Not simulated: multi-leg orders (spreads arrive as independent prints).
 */
export const FLOW_SIM = {
  tradesPerDay: 3000,
  sessionOpenSec: 9.5 * 3600,
  sessionSeconds: 6.5 * 3600,
  burstProbability: 0.08,
  typeShares: { sweep: 0.45, block: 0.08 },
  premiumFloorUsd: 25_000,
  medianExcessUsd: 30_000,
  premiumSigma: 1.2,
  blockMultiple: 3,
  minPrice: 0.05,
} as const;

/** U-shaped density over the session (0..1 of the day), normalised numerically below. */
const intensity = (x: number): number => 1 + 2.2 * Math.exp(-x / 0.06) + 1.4 * Math.exp(-(1 - x) / 0.08);
const GRID = 390;
const CDF = (() => {
  const c = new Float64Array(GRID + 1);
  for (let i = 1; i <= GRID; i += 1) c[i] = c[i - 1]! + intensity((i - 0.5) / GRID);
  for (let i = 0; i <= GRID; i += 1) c[i]! /= c[GRID]!;
  return c;
})();
/** Inverse CDF of the intraday intensity: u in [0,1) -> seconds after the open. */
export function sessionOffset(u: number): number {
  let i = 1;
  while (i < GRID && CDF[i]! < u) i += 1;
  const lo = CDF[i - 1]!;
  const frac = (u - lo) / (CDF[i]! - lo || 1);
  return ((i - 1 + frac) / GRID) * FLOW_SIM.sessionSeconds;
}

export const hhmmss = (sec: number): string => {
  const s = Math.floor(sec);
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
};

export interface SimDay {
  date: string;
  universe: readonly FlowUnderlying[];
  seed: number;
  /** Net openings carried from the earlier sessions' prints (none: the starting profile alone). */
  carry?: OpenInterestCarry;
}

function chooseExpiry(rng: () => number, expiries: readonly ListedExpiry[]): ListedExpiry {
  // Near-term weight with a floor, so monthlies and LEAPS still trade (about 5% LEAPS).
  const weights = expiries.map((e, i) => (e.kind === 'leaps' ? 0.35 : Math.exp(-i / 3) + 0.04));
  const total = weights.reduce((a, b) => a + b, 0);
  let u = rng() * total;
  for (let i = 0; i < expiries.length; i += 1) if ((u -= weights[i]!) < 0) return expiries[i]!;
  return expiries.at(-1)!;
}

/** Spot at a moment: a bridge from the previous close to the day's close plus seeded noise. */
function spotAt(u: FlowUnderlying, x: number, noise: number): number {
  const drift = u.prevClose + (u.close - u.prevClose) * x;
  return drift * (1 + noise * u.vol * Math.sqrt(Math.max(x * (1 - x), 0.002) / 252));
}

/** Index of the listed strike nearest to k. */
function nearestIndex(strikes: readonly number[], k: number): number {
  let lo = 0;
  let hi = strikes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strikes[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && Math.abs(strikes[lo - 1]! - k) <= Math.abs(strikes[lo]! - k) ? lo - 1 : lo;
}

function pickContract(rng: () => number, m: OptionsMarket, putCall: 'call' | 'put', spot: number): OptionContract {
  const expiry = chooseExpiry(rng, m.expirations).expiry;
  const strikes = m.strikes(expiry);
  const at = (j: number): OptionContract => m.contractAt(expiry, strikes[j]!, putCall)!;
  const T = at(0).T;
  // Mostly slightly out of the money, with a fat tail of lottery tickets and some in the money.
  const sd = m.surface.atm(T) * Math.sqrt(T) * 0.9;
  const z = Math.abs(normal(rng)) * (rng() < 0.1 ? 2.5 : 1) * (rng() < 0.18 ? -0.6 : 1);
  let i = nearestIndex(strikes, spot * Math.exp((putCall === 'call' ? 1 : -1) * z * sd));
  // Nothing under the minimum price: step towards the money until the ask reaches it.
  const inward = putCall === 'call' ? -1 : 1;
  while (m.quote(at(i), spot).ask < FLOW_SIM.minPrice && i + inward >= 0 && i + inward < strikes.length) i += inward;
  return at(i);
}

const cents = (x: number): number => Math.round(x * 100) / 100;

/** A fill inside the quote and the side it shows: [price, aggressor_ind]. */
function fillIn(rng: () => number, bid: number, ask: number): [number, number] {
  const mid = clamp(cents((bid + ask) / 2), bid, ask);
  const f = rng();
  if (f < 0.36 || bid < 0.01) return [ask, 0.85 + 0.1 * rng()];
  if (f < 0.64) return [bid, 0.05 + 0.1 * rng()];
  if (f < 0.86) return [mid, 0.45 + 0.1 * rng()];
  if (f < 0.94) return [clamp(cents(mid + (ask - mid) * rng()), mid, ask), 0.65 + 0.15 * rng()];
  return [clamp(cents(bid + (mid - bid) * rng()), bid, mid), 0.2 + 0.15 * rng()];
}

/** The vendor's sentiment of a fill: buying calls or selling puts is bullish. */
function vendorSentiment(putCall: 'call' | 'put', aggressor: number): string {
  if (aggressor > 0.6) return putCall === 'call' ? 'BULLISH' : 'BEARISH';
  if (aggressor < 0.4) return putCall === 'call' ? 'BEARISH' : 'BULLISH';
  return 'NEUTRAL';
}

export type BenzingaWireRecord = Record<string, string | null>;

/** State shared by the trades of one day: each name's options market and per-contract volume. */
export class FlowDayState {
  readonly volume = new Map<string, number>();
  readonly cum: Float64Array;
  private readonly markets = new Map<string, OptionsMarket>();
  constructor(readonly day: SimDay) {
    this.cum = popularity(day.universe);
  }
  market(u: FlowUnderlying): OptionsMarket {
    let m = this.markets.get(u.symbol);
    if (!m) {
      const netOpenings = this.day.carry?.of(u.symbol);
      m = optionsMarket(underlyingDayOf(u, this.day.date), this.day.seed, netOpenings ? { netOpenings } : {});
      this.markets.set(u.symbol, m);
    }
    return m;
  }
}

/**
 * One trade (and its burst follow-ons) at `sec` seconds after midnight New York. `key` seeds it;
 * `x` is the position in the session (0 open, 1 close) for the intraday price path.
 */
export function simulateTrades(
  state: FlowDayState,
  key: string | number,
  sec: number,
  x: number,
  burst = true,
): BenzingaWireRecord[] {
  const { day } = state;
  const rng = rngFrom(day.seed, 'flow', day.date, key);
  const u = day.universe[pickIndex(state.cum, rng())]!;
  const spot = spotAt(u, clamp(x, 0, 1), normal(rngFrom(day.seed, 'path', u.symbol, day.date, Math.round(x * 78))));
  const m = state.market(u);
  const putCall = rng() < putShare(u, day.date, day.seed) ? 'put' : 'call';
  const c = pickContract(rng, m, putCall, spot);
  const typeU = rng();
  const type =
    typeU < FLOW_SIM.typeShares.sweep
      ? 'sweep'
      : typeU < FLOW_SIM.typeShares.sweep + FLOW_SIM.typeShares.block
        ? 'block'
        : 'trade';
  const prints = burst && type === 'sweep' && rng() < FLOW_SIM.burstProbability * 3 ? 2 + Math.floor(rng() * 5) : 1;
  const openInterest = m.openInterest(c);
  const { bid, ask } = m.quote(c, spot);
  const out: BenzingaWireRecord[] = [];
  let t = sec;
  for (let p = 0; p < prints; p += 1) {
    const [price, aggressor] = fillIn(rng, bid, ask);
    const excess = lognormal(
      rng,
      Math.log(FLOW_SIM.medianExcessUsd * (type === 'block' ? FLOW_SIM.blockMultiple : 1) * (p > 0 ? 0.5 : 1)),
      FLOW_SIM.premiumSigma,
    );
    // Whole contracts, never under the floor: round, then lift to the smallest size that clears it.
    const perContract = price * 100;
    const size = Math.max(
      Math.ceil(FLOW_SIM.premiumFloorUsd / perContract - 1e-9),
      Math.round((FLOW_SIM.premiumFloorUsd + excess) / perContract),
    );
    const prior = state.volume.get(c.symbol) ?? Math.round(openInterest * 0.05 * rng());
    const volume = prior + size;
    state.volume.set(c.symbol, volume);
    const costBasis = Math.round(size * perContract * 100) / 100;
    const tradeCount = type === 'sweep' ? 2 + Math.floor(rng() * 10) : 1;
    out.push({
      id: recordId(day.seed, day.date, `${key}.${p}`),
      date: day.date,
      time: hhmmss(t),
      ticker: u.symbol,
      exchange: type === 'sweep' ? 'MULTI' : exchangeFor(rng()),
      option_symbol: c.symbol,
      put_call: c.type.toUpperCase(),
      strike_price: c.strike.toFixed(2),
      date_expiration: c.expiry,
      option_activity_type: type.toUpperCase(),
      sentiment: vendorSentiment(c.type, aggressor),
      aggressor_ind: aggressor.toFixed(2),
      ask: ask.toFixed(2),
      bid: bid.toFixed(2),
      midpoint: ((bid + ask) / 2).toFixed(3),
      price: price.toFixed(2),
      size: String(size),
      volume: String(volume),
      open_interest: String(openInterest),
      underlying_price: spot.toFixed(2),
      underlying_type: u.kind === 'etf' ? 'ETF' : 'STOCK',
      cost_basis: costBasis.toFixed(2),
      trade_count: String(tradeCount),
      description: `${type} ${size} @ ${price.toFixed(2)} vs ${openInterest} OI; Ref=$${spot.toFixed(2)}`,
      updated: null,
    });
    t = Math.min(sec + 120, t + 1 + Math.floor(rng() * 8));
  }
  return out;
}

/** The whole simulated session of one trading day, in time order (about 3,000 records). */
export function simulateFlowDay(day: SimDay, tradesPerDay = FLOW_SIM.tradesPerDay): BenzingaWireRecord[] {
  const rng = rngFrom(day.seed, 'flow-day', day.date);
  // Sweeps split into 2-6 prints (mean 4) with probability typeShares.sweep * burstProbability * 3.
  const printsPerEvent = 1 + FLOW_SIM.typeShares.sweep * FLOW_SIM.burstProbability * 3 * 3;
  const n = Math.round((tradesPerDay / printsPerEvent) * clamp(lognormal(rng, 0, 0.18), 0.6, 1.6));
  const state = new FlowDayState(day);
  const events = Array.from({ length: n }, (_, i) => ({
    i,
    off: sessionOffset(rngFrom(day.seed, 'arrival', day.date, i)()),
  })).sort((a, b) => a.off - b.off);
  const out: BenzingaWireRecord[] = [];
  for (const { i, off } of events) {
    out.push(...simulateTrades(state, i, FLOW_SIM.sessionOpenSec + off, off / FLOW_SIM.sessionSeconds));
  }
  out.sort((a, b) => (a.time! < b.time! ? -1 : a.time! > b.time! ? 1 : 0));
  // Burst prints land after later arrivals: re-accumulate volume in time order per contract.
  const running = new Map<string, number>();
  for (const r of out) {
    const k = r.option_symbol!;
    const v = (running.get(k) ?? Number(r.volume) - Number(r.size)) + Number(r.size);
    running.set(k, v);
    r.volume = String(v);
  }
  return out;
}

export const flowSimSeed = (seed: number): number => seedFrom(seed, 'options-flow');
