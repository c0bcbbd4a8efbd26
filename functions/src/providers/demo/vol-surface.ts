/**
 * Implied-volatility surface of the demo chains: an ATM term structure anchored on the real VIX
 * close, plus an equity-index skew in standardised moneyness.
 *
 *  - ATM 30-day vol = 0.9 x VIX/100. VIX is a 30-day variance-swap rate, which sits above ATM
 *    implied vol because it integrates the put skew; 10% below is the usual calm-market gap.
 *    Without a VIX close the demo uses VIX 14 (SPX/SPY in early 2024 traded at VIX 12-15).
 *  - Term structure: ATM variance mean-reverts towards a long-run level (18% vol) at speed
 *    kappa = 4/yr: v(T) = vLong + (v0 - vLong) (1 - e^{-kT})/(kT), with v0 set so that v(30d)
 *    hits the 30-day anchor. Low VIX -> upward sloping (contango), high VIX -> inverted.
 *  - Skew: sigma(K,T) = atm(T) * max(0.6, 1 - s z + c z^2), z = ln(K/F) / (atm(T) sqrt(T)).
 *    s = 0.25, c = 0.04 give a 25-delta 1M risk reversal of about -4 vol points at 12.6% ATM, in line
 *    with SPX/SPY in 2024; because z is standardised the skew in strike terms flattens with maturity
 *    like the real surface. OTM puts (z < 0) are always above ATM, OTM calls (0 < z < s/c) below.
 *  - Calls and puts of one strike share one vol (as market makers quote them), so put-call parity
 *    holds on the theoretical prices.
 */

export const VOL_PARAMS = {
  defaultVix: 14,
  vixToAtm: 0.9,
  longRunVol: 0.18,
  kappa: 4,
  skew: 0.25,
  curvature: 0.04,
  floorMultiple: 0.6,
  minVol: 0.04,
} as const;

const P = VOL_PARAMS;
const T30 = 30 / 365;

const meanReversionWeight = (T: number): number => (1 - Math.exp(-P.kappa * T)) / (P.kappa * T);

export interface VolSurface {
  /** ATM implied vol for T years. */
  atm(T: number): number;
  /** Implied vol for strike K, forward F, T years. */
  vol(K: number, F: number, T: number): number;
}

export function volSurface(vix: number = P.defaultVix): VolSurface {
  if (!(vix > 0 && Number.isFinite(vix))) throw new RangeError(`vix must be a positive number, got ${vix}`);
  const atm30 = (P.vixToAtm * vix) / 100;
  const vLong = P.longRunVol ** 2;
  const v0 = vLong + (atm30 ** 2 - vLong) / meanReversionWeight(T30);
  const atm = (T: number): number => {
    const t = Math.max(T, 1 / 365);
    const v = vLong + (v0 - vLong) * meanReversionWeight(t);
    return Math.max(P.minVol, Math.sqrt(Math.max(v, P.minVol ** 2)));
  };
  return {
    atm,
    vol(K, F, T) {
      const a = atm(T);
      const z = Math.log(K / F) / (a * Math.sqrt(Math.max(T, 1 / 365)));
      return a * Math.max(P.floorMultiple, 1 - P.skew * z + P.curvature * z * z);
    },
  };
}
