import {
  optionsMarket,
  type OpenInterestCarry,
  type OptionContract,
  type OptionsMarket,
} from '../../domain/options-market/index.ts';
import { MIN_OPTION_PRICE, pickContract, pickSpread, type SpreadOrder } from './flow-contracts.ts';
import { clamp, lognormal, normal, pickWeighted, rngFrom, seedFrom } from './prng.ts';
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
 *    the near term and slightly out of the money; nothing priced under $0.05 (flow-contracts.ts);
 *  - multi-leg orders (FLOW_SIM.multiLegShare of arrivals): verticals, calendars, straddles, strangles
 *    and risk reversals, emitted as one record per leg, the legs sharing time, exchange, size and an
 *    `order_id`, each marked with an OPRA multi-leg condition as Polygon numbers it (`conditions`,
 *    shared/src/flow/multi-leg.ts), each priced inside its own bid/ask on the side it takes;
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
  minPrice: MIN_OPTION_PRICE,
  /** Share of arrivals that are two-leg spread orders. */
  multiLegShare: 0.1,
  /**
   * OPRA multi-leg conditions of the spread legs by how such orders execute: mostly the exchanges'
   * complex order books (232 MLET), some in complex auctions (233 MLAT) and crosses (234 MLCT).
   */
  multiLegConditions: [
    [232, 0.7],
    [233, 0.2],
    [234, 0.1],
  ] as ReadonlyArray<readonly [number, number]>,
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
  /** Seed of the options market (default `seed`): the demo's chains' seed, so prints and chains agree. */
  marketSeed?: number;
}

/** Spot at a moment: a bridge from the previous close to the day's close plus seeded noise. */
function spotAt(u: FlowUnderlying, x: number, noise: number): number {
  const drift = u.prevClose + (u.close - u.prevClose) * x;
  return drift * (1 + noise * u.vol * Math.sqrt(Math.max(x * (1 - x), 0.002) / 252));
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

/** A Benzinga option_activity record as the vendor sends it (numbers as strings), with the demo's multi-leg fields. */
export interface BenzingaWireRecord {
  [field: string]: string | null | readonly number[] | undefined;
  id: string;
  date: string;
  time: string;
  ticker: string;
  exchange: string;
  option_symbol: string;
  put_call: string;
  strike_price: string;
  date_expiration: string;
  option_activity_type: string;
  sentiment: string;
  aggressor_ind: string;
  ask: string;
  bid: string;
  midpoint: string;
  price: string;
  size: string;
  volume: string;
  open_interest: string;
  underlying_price: string;
  underlying_type: string;
  cost_basis: string;
  trade_count: string;
  description: string;
  updated: null;
  /** Not Benzinga's: the OPRA conditions of a multi-leg leg, as Polygon's integer ids (shared/src/flow/multi-leg.ts). */
  conditions?: readonly number[];
  /** Not Benzinga's: the order a multi-leg leg belongs to. */
  order_id?: string;
}

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
      m = optionsMarket(
        underlyingDayOf(u, this.day.date),
        this.day.marketSeed ?? this.day.seed,
        netOpenings ? { netOpenings } : {},
      );
      this.markets.set(u.symbol, m);
    }
    return m;
  }
}

/** One print as the vendor record carries it. */
interface Print {
  id: string;
  time: string;
  u: FlowUnderlying;
  c: OptionContract;
  type: 'sweep' | 'block' | 'trade';
  exchange: string;
  aggressor: number;
  bid: number;
  ask: number;
  price: number;
  size: number;
  volume: number;
  openInterest: number;
  spot: number;
  tradeCount: number;
  description: string;
  /** A leg of a multi-leg order: its OPRA condition and the order's id. */
  leg?: { condition: number; orderId: string };
}

function vendorRecord(date: string, p: Print): BenzingaWireRecord {
  const record: BenzingaWireRecord = {
    id: p.id,
    date,
    time: p.time,
    ticker: p.u.symbol,
    exchange: p.exchange,
    option_symbol: p.c.symbol,
    put_call: p.c.type.toUpperCase(),
    strike_price: p.c.strike.toFixed(2),
    date_expiration: p.c.expiry,
    option_activity_type: p.type.toUpperCase(),
    sentiment: vendorSentiment(p.c.type, p.aggressor),
    aggressor_ind: p.aggressor.toFixed(2),
    ask: p.ask.toFixed(2),
    bid: p.bid.toFixed(2),
    midpoint: ((p.bid + p.ask) / 2).toFixed(3),
    price: p.price.toFixed(2),
    size: String(p.size),
    volume: String(p.volume),
    open_interest: String(p.openInterest),
    underlying_price: p.spot.toFixed(2),
    underlying_type: p.u.kind === 'etf' ? 'ETF' : 'STOCK',
    cost_basis: (Math.round(p.size * p.price * 100 * 100) / 100).toFixed(2),
    trade_count: String(p.tradeCount),
    description: p.description,
    updated: null,
  };
  // Polygon's shape for OPRA conditions (an array of integer ids); not a field of Benzinga's records.
  return p.leg ? { ...record, conditions: [p.leg.condition], order_id: p.leg.orderId } : record;
}

/** Whole contracts, never under the floor at `cheapest`: the size for `excess` over the floor at `dearest`. */
function sizeFor(excess: number, cheapest: number, dearest: number): number {
  return Math.max(
    Math.ceil(FLOW_SIM.premiumFloorUsd / (cheapest * 100) - 1e-9),
    Math.round((FLOW_SIM.premiumFloorUsd + excess) / (dearest * 100)),
  );
}

/** The contract's day volume after a print of `size` (the first print finds some volume already traded). */
function addVolume(
  state: FlowDayState,
  c: OptionContract,
  size: number,
  openInterest: number,
  rng: () => number,
): number {
  const volume = (state.volume.get(c.symbol) ?? Math.round(openInterest * 0.05 * rng())) + size;
  state.volume.set(c.symbol, volume);
  return volume;
}

/**
 * One trade (and its burst follow-ons), or the legs of one spread order, at `sec` seconds after
 * midnight New York. `key` seeds it; `x` is the position in the session (0 open, 1 close) for the
 * intraday price path.
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
  const share = putShare(u, day.date, day.seed);
  const putCall = rng() < share ? 'put' : 'call';
  // Spreads draw from their own stream, so the single prints stay those of the same seed without them.
  const spreadRng = rngFrom(day.seed, 'spread', day.date, key);
  if (spreadRng() < FLOW_SIM.multiLegShare) {
    const order = pickSpread(spreadRng, m, spot, putCall, spreadRng() >= share);
    if (order) return spreadLegs(state, key, sec, u, m, spot, order, spreadRng);
  }
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
    const size = sizeFor(excess, price, price);
    const volume = addVolume(state, c, size, openInterest, rng);
    const tradeCount = type === 'sweep' ? 2 + Math.floor(rng() * 10) : 1;
    out.push(
      vendorRecord(day.date, {
        id: recordId(day.seed, day.date, `${key}.${p}`),
        time: hhmmss(t),
        u,
        c,
        type,
        exchange: type === 'sweep' ? 'MULTI' : exchangeFor(rng()),
        aggressor,
        bid,
        ask,
        price,
        size,
        volume,
        openInterest,
        spot,
        tradeCount,
        description: `${type} ${size} @ ${price.toFixed(2)} vs ${openInterest} OI; Ref=$${spot.toFixed(2)}`,
      }),
    );
    t = Math.min(sec + 120, t + 1 + Math.floor(rng() * 8));
  }
  return out;
}

/** A bought leg fills at the ask or between the mid and the ask; a sold leg at the bid or between. */
function legFill(rng: () => number, side: 'buy' | 'sell', bid: number, ask: number): [number, number] {
  const mid = clamp(cents((bid + ask) / 2), bid, ask);
  const atQuote = rng() < 0.5;
  if (side === 'buy')
    return atQuote ? [ask, 0.85 + 0.1 * rng()] : [clamp(cents(mid + (ask - mid) * rng()), mid, ask), 0.6 + 0.2 * rng()];
  return atQuote ? [bid, 0.05 + 0.1 * rng()] : [clamp(cents(bid + (mid - bid) * rng()), bid, mid), 0.2 + 0.2 * rng()];
}

/**
 * The legs of one spread order: one record per leg, all at the same second on one exchange (a complex
 * order executes in one exchange's complex book, auction or cross), the same size on every leg, each
 * priced inside its own quote on the side it takes, none under the premium floor.
 */
function spreadLegs(
  state: FlowDayState,
  key: string | number,
  sec: number,
  u: FlowUnderlying,
  m: OptionsMarket,
  spot: number,
  order: SpreadOrder,
  rng: () => number,
): BenzingaWireRecord[] {
  const { day } = state;
  const legs = order.legs.map((l) => {
    const q = m.quote(l.contract, spot);
    const [price, aggressor] = legFill(rng, l.side, q.bid, q.ask);
    // Object.assign: two spreads in one literal are slow on Node 20 (options-market/market.ts chain()).
    return Object.assign({}, l, q, { price, aggressor, openInterest: m.openInterest(l.contract) });
  });
  const prices = legs.map((l) => l.price);
  const size = sizeFor(
    lognormal(rng, Math.log(FLOW_SIM.medianExcessUsd), FLOW_SIM.premiumSigma),
    Math.min(...prices),
    Math.max(...prices),
  );
  const exchange = exchangeFor(rng());
  const leg = {
    condition: pickWeighted(FLOW_SIM.multiLegConditions, rng()),
    orderId: recordId(day.seed, day.date, `${key}.order`),
  };
  return legs.map((l, i) =>
    vendorRecord(day.date, {
      id: recordId(day.seed, day.date, `${key}.leg${i}`),
      time: hhmmss(sec),
      u,
      c: l.contract,
      type: 'trade',
      exchange,
      aggressor: l.aggressor,
      bid: l.bid,
      ask: l.ask,
      price: l.price,
      size,
      volume: addVolume(state, l.contract, size, l.openInterest, rng),
      openInterest: l.openInterest,
      spot,
      tradeCount: 1,
      description: `${order.structure} leg ${i + 1}/${legs.length}: ${l.side} ${size} @ ${l.price.toFixed(2)} vs ${l.openInterest} OI; Ref=$${spot.toFixed(2)}`,
      leg,
    }),
  );
}

/** The whole simulated session of one trading day, in time order (about 3,000 records). */
export function simulateFlowDay(day: SimDay, tradesPerDay: number = FLOW_SIM.tradesPerDay): BenzingaWireRecord[] {
  const rng = rngFrom(day.seed, 'flow-day', day.date);
  // Sweeps split into 2-6 prints (mean 4) with probability typeShares.sweep * burstProbability * 3;
  // spread orders print two legs.
  const printsPerEvent = 1 + FLOW_SIM.typeShares.sweep * FLOW_SIM.burstProbability * 3 * 3 + FLOW_SIM.multiLegShare;
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
