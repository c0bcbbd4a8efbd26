import { blackScholes } from '../../analytics/black-scholes.ts';
import { strikeSteps, listedExpiries, type ListedExpiry } from './option-listing.ts';
import { clamp, lognormal, normal, rngFrom, seedFrom } from './prng.ts';
import {
  DAILY_EXPIRY_SYMBOLS,
  exchangeFor,
  pickIndex,
  popularity,
  recordId,
  type FlowUnderlying,
} from './flow-simulator-universe.ts';

/**
 * Seeded options-flow generator emitting Benzinga option_activity records (numbers as strings, as
 * the vendor sends them), so the demo runs the production parser. Realism, by construction:
 *  - arrivals: a U-shaped intraday intensity (busy open and close) plus bursts (a sweep split
 *    into follow-on prints of the same contract within seconds);
 *  - tickers: heavy-tailed popularity from the universe's dollar volume (index ETFs and mega caps);
 *  - contracts: listed expiries (dailies for SPY/QQQ/IWM, weeklies, monthlies, LEAPS) weighted to
 *    the near term; strikes around the underlying's real close on the listed grid;
 *  - prices: Black-Scholes at the name's realised vol with a smile, cent quotes and a spread;
 *  - premiums: log-normal (median ~$45K, blocks ~4x larger), size derived from premium and price;
 *  - volume and open interest: open interest fixed per contract and day, volume accumulating per
 *    contract through the day (so a later print never shows less volume than an earlier one).
 */
export const FLOW_SIM = {
  tradesPerDay: 3000,
  sessionOpenSec: 9.5 * 3600,
  sessionSeconds: 6.5 * 3600,
  burstProbability: 0.08,
  callShare: 0.56,
  typeShares: { sweep: 0.45, block: 0.08 },
  medianPremiumUsd: 45_000,
  premiumSigma: 1.1,
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

const cents = (x: number): number => Math.max(0.01, Math.round(x * 100) / 100);

export interface SimDay {
  date: string;
  universe: readonly FlowUnderlying[];
  seed: number;
}

interface Contract {
  u: FlowUnderlying;
  putCall: 'call' | 'put';
  strike: number;
  expiry: ListedExpiry;
  dte: number;
}

function chooseExpiry(rng: () => number, expiries: readonly ListedExpiry[], symbol: string): ListedExpiry {
  const usable = DAILY_EXPIRY_SYMBOLS.has(symbol) ? expiries : expiries.filter((e) => e.kind !== 'daily');
  // Near-term weight with a floor, so monthlies and LEAPS still trade (about 5% LEAPS).
  const weights = usable.map((e, i) => (e.kind === 'leaps' ? 0.35 : Math.exp(-i / 3) + 0.04));
  const total = weights.reduce((a, b) => a + b, 0);
  let u = rng() * total;
  for (let i = 0; i < usable.length; i += 1) if ((u -= weights[i]!) < 0) return usable[i]!;
  return usable.at(-1)!;
}

function dayNumberUtc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

/** Spot at a moment: a bridge from the previous close to the day's close plus seeded noise. */
function spotAt(u: FlowUnderlying, x: number, noise: number): number {
  const drift = u.prevClose + (u.close - u.prevClose) * x;
  return drift * (1 + noise * u.vol * Math.sqrt(Math.max(x * (1 - x), 0.002) / 252));
}

const MAX_LOG_MONEYNESS = Math.log(3);

/**
 * Unchanged up to half the limit; a draw beyond the limit is folded back between the half and the
 * limit (wrapped, so no extra random draw shifts the seeded sequence). A hard cut piled every far draw
 * of a volatile name's LEAPS onto the 3x-spot strike, and the whole Most OTM table read 200%.
 */
function foldIntoLimit(m: number, max: number): number {
  const a = Math.abs(m);
  if (a <= max) return m;
  const knee = max / 2;
  return Math.sign(m) * (knee + ((a - knee) % (max - knee)));
}

function pickContract(
  rng: () => number,
  u: FlowUnderlying,
  spot: number,
  date: string,
  expiries: readonly ListedExpiry[],
): Contract {
  const putCall = rng() < FLOW_SIM.callShare ? 'call' : 'put';
  const expiry = chooseExpiry(rng, expiries, u.symbol);
  const dte = Math.max(1, dayNumberUtc(expiry.expiry) - dayNumberUtc(date));
  const T = dte / 365;
  // Mostly slightly out of the money, with a fat tail of lottery tickets and some deep ITM.
  const sd = u.vol * Math.sqrt(T) * 0.9;
  const z = Math.abs(normal(rng)) * (rng() < 0.1 ? 2.5 : 1) * (rng() < 0.18 ? -0.6 : 1);
  // Listed strikes stop far short of what a high-vol LEAPS draw reaches (SMCI's ~130% vol over two
  // years would otherwise list a 200x-spot call): keep strikes within a third and three times spot.
  const moneyness = foldIntoLimit((putCall === 'call' ? 1 : -1) * z * sd, MAX_LOG_MONEYNESS);
  const logK = Math.log(spot) + moneyness;
  const step = strikeSteps(spot)[0];
  const strike = Math.max(step, Math.round(Math.exp(logK) / step) * step);
  return { u, putCall, strike: Math.round(strike * 1000) / 1000, expiry, dte };
}

function quote(c: Contract, spot: number): { bid: number; ask: number; theo: number } {
  const T = c.dte / 365;
  const m = Math.log(c.strike / spot) / Math.max(0.05, c.u.vol * Math.sqrt(T));
  const sigma = clamp(c.u.vol * (1 + 0.08 * m * m - (c.putCall === 'put' ? 0.05 * m : 0)), 0.05, 3);
  const theo = Math.max(0.01, blackScholes({ S: spot, K: c.strike, T, r: 0.05, q: 0, sigma, type: c.putCall }).price);
  const half = Math.max(0.01, theo * (theo < 1 ? 0.06 : 0.02));
  return { bid: cents(theo - half), ask: Math.max(cents(theo - half) + 0.01, cents(theo + half)), theo };
}

export type BenzingaWireRecord = Record<string, string | null>;

/** State shared by the trades of one day (volume accumulates per contract). */
export class FlowDayState {
  readonly volume = new Map<string, number>();
  readonly cum: Float64Array;
  readonly expiries: readonly ListedExpiry[];
  constructor(readonly day: SimDay) {
    this.cum = popularity(day.universe);
    this.expiries = listedExpiries(day.date);
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
  const c = pickContract(rng, u, spot, day.date, state.expiries);
  const typeU = rng();
  const type =
    typeU < FLOW_SIM.typeShares.sweep
      ? 'sweep'
      : typeU < FLOW_SIM.typeShares.sweep + FLOW_SIM.typeShares.block
        ? 'block'
        : 'trade';
  const prints = burst && type === 'sweep' && rng() < FLOW_SIM.burstProbability * 3 ? 2 + Math.floor(rng() * 5) : 1;
  const contractKey = `${u.symbol}|${c.expiry.expiry}|${c.putCall}|${c.strike}`;
  const oiRng = rngFrom(day.seed, 'oi', contractKey, day.date);
  const openInterest = Math.round(
    lognormal(oiRng, Math.log(1500 * (1 + Math.log10(Math.max(u.dollarVolume, 1e6) / 1e6))), 1.3) *
      Math.exp(-Math.abs(Math.log(c.strike / spot)) * 4),
  );
  const out: BenzingaWireRecord[] = [];
  let t = sec;
  for (let p = 0; p < prints; p += 1) {
    const { bid, ask } = quote(c, spot);
    const f = rng();
    const [price, aggressor] =
      f < 0.38
        ? [ask, 0.85 + 0.1 * rng()]
        : f < 0.68
          ? [bid, 0.05 + 0.1 * rng()]
          : f < 0.88
            ? [cents((bid + ask) / 2), 0.4 + 0.2 * rng()]
            : f < 0.94
              ? [cents(ask + 0.01 + 0.02 * rng()), 1.02]
              : [Math.max(0.01, cents(bid - 0.01 - 0.02 * rng())), -0.02];
    const premiumTarget = lognormal(
      rng,
      Math.log(FLOW_SIM.medianPremiumUsd * (type === 'block' ? 4 : 1) * (p > 0 ? 0.5 : 1)),
      FLOW_SIM.premiumSigma,
    );
    const size = Math.max(1, Math.round(premiumTarget / (price * 100)));
    const prior = state.volume.get(contractKey) ?? Math.round(openInterest * 0.05 * rng());
    const volume = prior + size;
    state.volume.set(contractKey, volume);
    const costBasis = Math.round(size * price * 100 * 100) / 100;
    const tradeCount = type === 'sweep' ? 2 + Math.floor(rng() * 10) : 1;
    out.push({
      id: recordId(day.seed, day.date, `${key}.${p}`),
      date: day.date,
      time: hhmmss(t),
      ticker: u.symbol,
      exchange: type === 'sweep' ? 'MULTI' : exchangeFor(rng()),
      option_symbol: `${u.symbol}${c.expiry.expiry.slice(2).replace(/-/g, '')}${c.putCall === 'call' ? 'C' : 'P'}${String(Math.round(c.strike * 1000)).padStart(8, '0')}`,
      put_call: c.putCall.toUpperCase(),
      strike_price: c.strike.toFixed(2),
      date_expiration: c.expiry.expiry,
      option_activity_type: type.toUpperCase(),
      sentiment: 'NEUTRAL',
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
