import { blackScholes } from '../../analytics/index.ts';
import {
  CONTRACT_SIZE,
  daysBetween,
  liveContracts,
  round2,
  strikeBand,
  type ChainContract,
  type ChainDay,
} from './chain.ts';

export interface GammaExposure {
  strikes: number[];
  call_gex: number[];
  put_gex: number[];
  net_gex: number[];
  call_wall: number | null;
  put_wall: number | null;
  zero_gamma: number | null;
}

/** Dollar gamma per 1% move of one contract line: gamma x OI x 100 x S^2 x 0.01 (puts negative). */
export function contractGex(type: 'C' | 'P', gamma: number, openInterest: number, spot: number): number {
  const gex = gamma * openInterest * CONTRACT_SIZE * spot * spot * 0.01;
  return type === 'C' ? gex : -gex;
}

/**
 * GEX per strike summed over every live expiry, with the vendor's gamma at the as-of spot, for
 * strikes inside the band. The call wall is the strike with the largest call GEX, the put wall the
 * most negative put GEX (both within the band, so they can be drawn).
 */
export function gexPerStrike(chain: ChainDay, bandPct: number): Omit<GammaExposure, 'zero_gamma'> {
  const spot = chain.spot;
  const empty = { strikes: [], call_gex: [], put_gex: [], net_gex: [], call_wall: null, put_wall: null };
  if (spot === null || !(spot > 0)) return empty;
  const inBand = strikeBand(spot, bandPct);
  const byStrike = new Map<number, { call: number; put: number }>();
  for (const c of liveContracts(chain)) {
    const gamma = c[5];
    if (!inBand(c[2]) || gamma === null || !Number.isFinite(gamma)) continue;
    const cell = byStrike.get(c[2]) ?? { call: 0, put: 0 };
    if (c[1] === 'C') cell.call += contractGex('C', gamma, c[3], spot);
    else cell.put += contractGex('P', gamma, c[3], spot);
    byStrike.set(c[2], cell);
  }
  const strikes = [...byStrike.keys()].sort((a, b) => a - b);
  const call = strikes.map((k) => byStrike.get(k)!.call);
  const put = strikes.map((k) => byStrike.get(k)!.put);
  let callWall: number | null = null;
  let putWall: number | null = null;
  let best = 0;
  let worst = 0;
  strikes.forEach((k, i) => {
    if (call[i]! > best) [best, callWall] = [call[i]!, k];
    if (put[i]! < worst) [worst, putWall] = [put[i]!, k];
  });
  return {
    strikes,
    call_gex: call.map(round2),
    put_gex: put.map(round2),
    net_gex: strikes.map((_, i) => round2(call[i]! + put[i]!)),
    call_wall: callWall,
    put_wall: putWall,
  };
}

export interface RepriceOptions {
  riskFreeRate: number;
  dividendYield: number;
}

/**
 * Total GEX of the contracts if the underlying were at `spot`: Black-Scholes gamma with each
 * contract's own IV and time to expiry (calendar days / 365). Contracts without an IV are left out.
 */
export function totalGexAt(
  contracts: readonly ChainContract[],
  asOf: string,
  spot: number,
  opts: RepriceOptions,
): number {
  let total = 0;
  for (const [expiry, type, strike, oi, , , iv] of contracts) {
    if (oi <= 0 || iv === null || !(iv > 0) || !(strike > 0)) continue;
    const T = daysBetween(asOf, expiry) / 365;
    if (!(T > 0)) continue;
    const { gamma } = blackScholes({
      S: spot,
      K: strike,
      T,
      r: opts.riskFreeRate,
      q: opts.dividendYield,
      sigma: iv,
      type: type === 'C' ? 'call' : 'put',
    });
    total += contractGex(type, gamma, oi, spot);
  }
  return total;
}

/** Where y changes sign between grid points, linearly interpolated; an exact 0 counts as a crossing. */
export function signCrossings(xs: readonly number[], ys: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    const y = ys[i]!;
    if (y === 0) {
      out.push(xs[i]!);
      continue;
    }
    if (i === 0) continue;
    const prev = ys[i - 1]!;
    if (prev !== 0 && Math.sign(prev) !== Math.sign(y)) {
      out.push(xs[i - 1]! + ((0 - prev) * (xs[i]! - xs[i - 1]!)) / (y - prev));
    }
  }
  return out;
}

/**
 * The zero-gamma level: total GEX re-priced on `steps` spots evenly across spot +- band %, and the
 * sign change nearest the actual spot (dealers' hedging flips from damping to amplifying moves there).
 * Null when total GEX keeps one sign across the whole range.
 */
export function zeroGamma(chain: ChainDay, bandPct: number, steps: number, opts: RepriceOptions): number | null {
  const spot = chain.spot;
  if (spot === null || !(spot > 0) || steps < 2) return null;
  const live = liveContracts(chain);
  const lo = spot * (1 - bandPct / 100);
  const hi = spot * (1 + bandPct / 100);
  const xs = Array.from({ length: steps }, (_, i) => lo + ((hi - lo) * i) / (steps - 1));
  const ys = xs.map((s) => totalGexAt(live, chain.date, s, opts));
  const crossings = signCrossings(xs, ys);
  if (crossings.length === 0) return null;
  return round2(crossings.reduce((best, x) => (Math.abs(x - spot) < Math.abs(best - spot) ? x : best)));
}
