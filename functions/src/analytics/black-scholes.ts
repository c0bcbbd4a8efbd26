/**
 * Black-Scholes-Merton European options with continuous dividend yield q.
 *
 * Units (documented because screens differ):
 *  - T in years, r / q / sigma as annual decimals (0.05 = 5%).
 *  - delta: per 1.00 of underlying; gamma: per 1.00 of underlying, per 1.00.
 *  - vega: price change per 1 volatility POINT (sigma + 0.01), i.e. the raw
 *    derivative / 100 (Hull's 12.1 per 1.00 of vol is 0.121 here).
 *  - theta: price change per YEAR of calendar time (raw dV/dt, negative for
 *    a long call typically); divide by 365 for per-day theta.
 */
import { AnalyticsError } from './errors.ts';
import { normalCdf, normalPdf } from './special.ts';

export type OptionType = 'call' | 'put';

export interface BlackScholesInput {
  S: number;
  K: number;
  T: number;
  r: number;
  q: number;
  sigma: number;
  type: OptionType;
}

export interface BlackScholesResult {
  price: number;
  delta: number;
  gamma: number;
  /** Per 1 vol point (0.01). */
  vega: number;
  /** Per year. */
  theta: number;
}

function checkFinite(v: number, name: string): void {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new AnalyticsError('invalid_input', `The ${name} must be a finite number.`);
}

// Plain calls, not a loop over a list of pairs: this runs for every contract of every generated chain,
// and the list's arrays were a measurable share of a chain's allocations.
function checkCommon(S: number, K: number, T: number, r: number, q: number, type: string): void {
  checkFinite(S, 'spot price S');
  checkFinite(K, 'strike K');
  checkFinite(T, 'time to expiry T');
  checkFinite(r, 'interest rate r');
  checkFinite(q, 'dividend yield q');
  if (!(S > 0) || !(K > 0)) throw new AnalyticsError('invalid_input', 'Spot and strike must be positive.');
  if (!(T > 0)) throw new AnalyticsError('invalid_input', 'Time to expiry must be positive (in years).');
  if (type !== 'call' && type !== 'put')
    throw new AnalyticsError('invalid_input', "Option type must be 'call' or 'put'.");
}

function checkPricing(S: number, K: number, T: number, r: number, q: number, sigma: number, type: string): void {
  checkCommon(S, K, T, r, q, type);
  if (!(Number.isFinite(sigma) && sigma > 0))
    throw new AnalyticsError('invalid_input', 'Volatility must be a positive number.');
}

export function blackScholes(input: BlackScholesInput): BlackScholesResult {
  const { S, K, T, r, q, sigma, type } = input;
  checkPricing(S, K, T, r, q, sigma, type);
  const sqrtT = Math.sqrt(T);
  const d1 = (Math.log(S / K) + (r - q + 0.5 * sigma * sigma) * T) / (sigma * sqrtT);
  const d2 = d1 - sigma * sqrtT;
  const dfq = Math.exp(-q * T);
  const dfr = Math.exp(-r * T);
  const pdf = normalPdf(d1);
  const gamma = (dfq * pdf) / (S * sigma * sqrtT);
  const vega = (S * dfq * pdf * sqrtT) / 100;
  const common = -(S * dfq * pdf * sigma) / (2 * sqrtT);
  if (type === 'call') {
    const Nd1 = normalCdf(d1);
    const Nd2 = normalCdf(d2);
    return {
      price: S * dfq * Nd1 - K * dfr * Nd2,
      delta: dfq * Nd1,
      gamma,
      vega,
      theta: common - r * K * dfr * Nd2 + q * S * dfq * Nd1,
    };
  }
  const Nmd1 = normalCdf(-d1);
  const Nmd2 = normalCdf(-d2);
  return {
    price: K * dfr * Nmd2 - S * dfq * Nmd1,
    delta: -dfq * Nmd1,
    gamma,
    vega,
    theta: common + r * K * dfr * Nmd2 - q * S * dfq * Nmd1,
  };
}

/**
 * The price alone of `blackScholes` (the same arithmetic, so the same value to the last bit), with no
 * objects: a generated chain marks every contract at the previous close too.
 */
export function blackScholesPrice(
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
  type: OptionType,
) {
  checkPricing(S, K, T, r, q, sigma, type);
  const sqrtT = Math.sqrt(T);
  const d1 = (Math.log(S / K) + (r - q + 0.5 * sigma * sigma) * T) / (sigma * sqrtT);
  const d2 = d1 - sigma * sqrtT;
  const dfq = Math.exp(-q * T);
  const dfr = Math.exp(-r * T);
  return type === 'call'
    ? S * dfq * normalCdf(d1) - K * dfr * normalCdf(d2)
    : K * dfr * normalCdf(-d2) - S * dfq * normalCdf(-d1);
}

export interface ImpliedVolInput {
  price: number;
  S: number;
  K: number;
  T: number;
  r: number;
  q: number;
  type: OptionType;
  /** A starting volatility (a vendor's IV of the same contract): Newton then needs a step or two. */
  guess?: number;
}

/**
 * Implied volatility by Newton's method on sigma, falling back to bisection
 * whenever a Newton step leaves the bracket (deep ITM/OTM options have a tiny
 * vega and Newton alone can diverge).
 */
export function impliedVol(input: ImpliedVolInput): number {
  const { price, S, K, T, r, q, type } = input;
  checkCommon(S, K, T, r, q, type);
  if (typeof price !== 'number' || !Number.isFinite(price))
    throw new AnalyticsError('invalid_input', 'The option price must be a finite number.');
  const fwdS = S * Math.exp(-q * T);
  const pvK = K * Math.exp(-r * T);
  const lower = type === 'call' ? Math.max(0, fwdS - pvK) : Math.max(0, pvK - fwdS);
  const upper = type === 'call' ? fwdS : pvK;
  if (!(price > lower && price < upper)) {
    throw new AnalyticsError(
      'out_of_bounds',
      `The ${type} price ${price} is outside the no-arbitrage bounds (${lower.toFixed(6)}, ${upper.toFixed(6)}); no implied volatility exists.`,
    );
  }
  const value = (sigma: number): number => blackScholes({ S, K, T, r, q, sigma, type }).price - price;
  let lo = 1e-9;
  let hi = 1;
  while (value(hi) < 0) {
    hi *= 2;
    if (hi > 1e4) throw new AnalyticsError('not_converged', 'Implied volatility search exceeded 1,000,000%.');
  }
  const start = input.guess !== undefined && input.guess > lo && input.guess < hi ? input.guess : 0.2;
  let sigma = start < hi ? Math.max(start, lo) : hi / 2;
  for (let i = 0; i < 200; i++) {
    // One evaluation gives both the price error and the vega of the Newton step.
    const bs = blackScholes({ S, K, T, r, q, sigma, type });
    const f = bs.price - price;
    if (Math.abs(f) < 1e-12 * Math.max(1, price)) return sigma;
    if (f > 0) hi = sigma;
    else lo = sigma;
    const vega = bs.vega * 100;
    let next = vega > 0 ? sigma - f / vega : Number.NaN;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - sigma) < 1e-14) return next;
    sigma = next;
  }
  throw new AnalyticsError('not_converged', 'Implied volatility did not converge.');
}
