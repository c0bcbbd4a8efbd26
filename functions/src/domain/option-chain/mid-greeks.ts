/**
 * IV and Greeks of one quote from its own mid: the implied volatility that prices the mid under
 * Black-Scholes-Merton, and the Greeks at that volatility (the analytics library's functions, the
 * same the options market prices with). Shown this way every figure of a chain row can be
 * recomputed from the row; the vendor's own IV (taken at its theoretical price) would not be.
 */
import { blackScholes, impliedVol } from '../../analytics/black-scholes.ts';

export interface MidGreeks {
  iv: number;
  delta: number;
  gamma: number;
  /** Per calendar day. */
  theta: number;
  /** Per vol point. */
  vega: number;
}

export interface MidInput {
  mid: number;
  S: number;
  K: number;
  T: number;
  r: number;
  q: number;
  type: 'call' | 'put';
  /** The vendor's IV of the contract, where it sent one: the solver's starting point. */
  guess?: number | null;
}

/** Wire precision: far below what a screen shows, and well inside a 1e-6 recomputation. */
const round8 = (x: number): number => Math.round(x * 1e8) / 1e8 || 0;

/** null when no volatility prices the mid (it lies outside the no-arbitrage bounds). */
export function midGreeks(i: MidInput): MidGreeks | null {
  if (!(i.mid > 0 && i.T > 0)) return null;
  let iv: number;
  try {
    iv = impliedVol({
      price: i.mid,
      S: i.S,
      K: i.K,
      T: i.T,
      r: i.r,
      q: i.q,
      type: i.type,
      ...(i.guess ? { guess: i.guess } : {}),
    });
  } catch {
    return null;
  }
  const bs = blackScholes({ S: i.S, K: i.K, T: i.T, r: i.r, q: i.q, sigma: iv, type: i.type });
  return {
    iv: round8(iv),
    delta: round8(bs.delta),
    gamma: round8(bs.gamma),
    theta: round8(bs.theta / 365),
    vega: round8(bs.vega),
  };
}
