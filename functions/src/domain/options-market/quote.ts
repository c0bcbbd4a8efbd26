/**
 * Prices, quotes and Greeks of one contract from the surface: Black-Scholes-Merton with the
 * underlying's dividend yield (the analytics library's function, so every screen computes Greeks the
 * same way). CBOE units: theta per calendar day, vega per vol point, rho per 1% rate move.
 *
 * Quoted width: a penny floor, then proportional to premium, wider away from the money (market makers
 * hedge far strikes at a cost) and for thin names (scaled by dollar volume; a $50M/day name quotes
 * about 3x an index ETF's width). The quote is rounded outward to cents around the theoretical
 * price, so theo lies inside [bid, ask] and put-call parity holds within the spread.
 */
import { blackScholes, type BlackScholesInput } from '../../analytics/black-scholes.ts';
import { normalCdf } from '../../analytics/special.ts';
import type { Liquidity } from './underlying.ts';

export interface ContractQuote {
  bid: number;
  ask: number;
  theo: number;
  iv: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
  rho: number;
}

export interface QuoteInput extends BlackScholesInput {
  /** Standardised distance from the money, ln(K/F) / (atm sqrt T). */
  z: number;
  liquidity: Liquidity;
  dollarVolume: number;
}

const THIN_REFERENCE_USD = 2e9;

/** Multiplier on the quoted width for a name's liquidity (1 for index ETFs, up to 4). */
export function widthMultiple(liquidity: Liquidity, dollarVolume: number): number {
  if (liquidity === 'index') return 1;
  return Math.min(4, Math.max(1.3, (THIN_REFERENCE_USD / Math.max(dollarVolume, 1e6)) ** 0.25));
}

export function quoteContract(i: QuoteInput): ContractQuote {
  const bs = blackScholes(i);
  const d2 = (Math.log(i.S / i.K) + (i.r - i.q - 0.5 * i.sigma * i.sigma) * i.T) / (i.sigma * Math.sqrt(i.T));
  const pvK = i.K * i.T * Math.exp(-i.r * i.T);
  const rho = (i.type === 'call' ? pvK * normalCdf(d2) : -pvK * normalCdf(-d2)) / 100;
  const theo = bs.price;
  const half =
    (0.005 + 0.002 * theo * (1 + 0.4 * Math.min(Math.abs(i.z), 4)) + (i.T > 0.5 ? 0.01 : 0)) *
    widthMultiple(i.liquidity, i.dollarVolume);
  // Outward rounding to the cent keeps theo inside the quote; a bid of 0 is "no bid".
  const bid = Math.max(0, Math.floor((theo - half) * 100 + 1e-9) / 100);
  const ask = Math.max(bid + 0.01, Math.ceil((theo + half) * 100 - 1e-9) / 100);
  return {
    bid: Math.round(bid * 100) / 100,
    ask: Math.round(ask * 100) / 100,
    theo,
    iv: i.sigma,
    delta: bs.delta,
    gamma: bs.gamma,
    vega: bs.vega,
    theta: bs.theta / 365,
    rho,
  };
}
