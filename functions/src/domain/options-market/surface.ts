/**
 * Implied-volatility surface of one underlying on one day.
 *
 *  - ATM 30-day level: SPY follows the real VIX close, 0.9 x VIX/100 (VIX is SPX's 30-day
 *    variance-swap rate, which sits above ATM vol because it integrates the put skew; 10% below is
 *    the usual gap). Every other name: its 3-month realised vol x 1.1 + 1.5 vol points, the variance
 *    risk premium by which implied exceeds realised on average (Carr & Wu 2009, "Variance Risk
 *    Premiums", RFS 22(3)).
 *  - Term structure: ATM variance mean-reverts at kappa = 4/yr towards the 1-year realised vol plus
 *    the same premium, v(T) = vLong + (v0 - vLong)(1 - e^{-kT})/(kT), v0 set so v(30d) is the anchor:
 *    calm markets slope upward (IWM 2026-07-02: 16% at 1 week, 19.8% at 1 month, 22% at 6 months),
 *    stressed ones invert.
 *  - Shape: sigma(K,T) = atm(T) (1 + a x + b x^2), x = ln(K/F)/sqrt(T). ETFs: a = -0.68, b = 0.68,
 *    the least-squares fit to the 1,455 out-of-the-money quotes (bid >= $0.05, |ln K/S| <= 0.3,
 *    5+ days) of the real IWM chain in shared/data/samples/cboe, RMS error 0.7 vol points.
 *    Single stocks: a smile, a = -0.3, b = 0.9 (individual equity options are far less put-skewed than
 *    index options; Bakshi, Kapadia & Madan 2003, RFS 16(1)). Bounded to [0.6, 3] x ATM.
 *  - Earnings: no earnings calendar is sourced, so no expiry carries an earnings bump; a surface
 *    through an earnings date is therefore too low for single names on those expirations.
 *  - Calls and puts of one strike share one vol (as market makers quote them), so put-call parity
 *    holds on the theoretical prices.
 */
import type { UnderlyingDay } from './underlying.ts';
import { hasIndexSkew } from './underlying.ts';

export const SURFACE_PARAMS = {
  vixToAtm: 0.9,
  premiumMultiple: 1.1,
  premiumPoints: 0.015,
  kappa: 4,
  indexShape: { a: -0.68, b: 0.68 },
  stockShape: { a: -0.3, b: 0.9 },
  bounds: [0.6, 3] as const,
  minVol: 0.05,
  maxVol: 3,
} as const;

const P = SURFACE_PARAMS;
const T30 = 30 / 365;
const MIN_T = 1 / 365;

const meanReversionWeight = (T: number): number => (1 - Math.exp(-P.kappa * T)) / (P.kappa * T);
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

export interface VolSurface {
  /** ATM implied vol for T years. */
  atm(T: number): number;
  /** Implied vol for strike K, forward F, T years. */
  vol(K: number, F: number, T: number): number;
}

/** The 30-day ATM anchor of a name (see above). */
export function atm30Of(u: Pick<UnderlyingDay, 'symbol' | 'realisedVol' | 'vix'>): number {
  if (u.symbol === 'SPY' && u.vix !== undefined && u.vix > 0) return (P.vixToAtm * u.vix) / 100;
  return clamp(u.realisedVol * P.premiumMultiple + P.premiumPoints, P.minVol, P.maxVol);
}

export function volSurface(u: Pick<UnderlyingDay, 'symbol' | 'kind' | 'realisedVol' | 'longVol' | 'vix'>): VolSurface {
  const atm30 = atm30Of(u);
  const longRun = clamp(u.longVol * P.premiumMultiple + P.premiumPoints, P.minVol, P.maxVol);
  const vLong = longRun ** 2;
  const v0 = vLong + (atm30 ** 2 - vLong) / meanReversionWeight(T30);
  const { a, b } = hasIndexSkew(u) ? P.indexShape : P.stockShape;
  const atm = (T: number): number => {
    const v = vLong + (v0 - vLong) * meanReversionWeight(Math.max(T, MIN_T));
    return clamp(Math.sqrt(Math.max(v, P.minVol ** 2)), P.minVol, P.maxVol);
  };
  return {
    atm,
    vol(K, F, T) {
      const t = Math.max(T, MIN_T);
      const x = Math.log(K / F) / Math.sqrt(t);
      return atm(t) * clamp(1 + a * x + b * x * x, P.bounds[0], P.bounds[1]);
    },
  };
}
