/**
 * Demo CBOE delayed-quote option chains: JSON text in CBOE's envelope
 *   { timestamp, data: { symbol, current_price, ..., options: [ { option, bid, ask, iv, ... } ] } }
 * that parseCboeOptionChain reads like the live CDN payload.
 *
 * Prices and greeks come from the shared Black-Scholes-Merton function on the vol surface of
 * vol-surface.ts (ATM level from the real VIX close), with r = 5.3% (T-bill yield, early 2024)
 * and q = 1.3% (SPY trailing dividend yield). CBOE units: theta per calendar day, vega per vol
 * point, rho per 1% rate move, iv as a decimal.
 * Open interest is a deterministic function of (seed, contract) times a slow drift in time, so one
 * contract's OI moves a few percent a day, never jumps, and any day can be rebuilt alone.
 */
import { blackScholes, normalCdf } from '../../analytics/index.ts';
import { formatOccSymbol } from '../option-quote.ts';
import { assertDate, dayNumber, weekdayIndex } from '../../domain/calendar/dates.ts';
import { previousTradingDay } from '../../domain/calendar/nyse.ts';
import { listedExpiries, listedStrikes } from './option-listing.ts';
import type { ExpiryKind } from './option-listing.ts';
import { clamp, hashNormal, hashUnit, rngFrom, smoothNoise } from './prng.ts';
import { volSurface } from './vol-surface.ts';

export interface OptionChainOptions {
  /** Real VIX close of `date` (index points); sets the ATM vol level. Default 14. */
  vix?: number;
  /** Continuously compounded risk-free rate; default 0.053. */
  r?: number;
  /** Dividend yield; default 0.013. */
  q?: number;
  /** Slow-moving anchor for where open interest sits (e.g. the 20-day mean close); default spot. */
  referenceSpot?: number;
  /** Previous trading day's close (and VIX) to fill prev_day_close / change like CBOE does. */
  previousSpot?: number;
  previousVix?: number;
  /** Multiplier on open interest (SPY = 1; a single stock maybe 0.05-0.3). */
  oiScale?: number;
  /** Snapshot time printed in `timestamp`; default 16:15:00 (after SPY options close). */
  time?: string;
}

export const CHAIN_PARAMS = {
  r: 0.053,
  q: 0.013,
  baseOpenInterest: 1_500,
  kindWeight: { monthly: 4, quarterly: 2.2, leaps: 1.8, weekly: 0.9, daily: 0.35 } satisfies Record<ExpiryKind, number>,
  putCallOiRatio: 1.6,
  /** Day-to-day OI drift: log-sd of a smooth noise with knots every 10 trading days. */
  oiDriftSd: 0.15,
  oiDriftKnots: 10,
} as const;

const C = CHAIN_PARAMS;
const round = (x: number, dp: number): number => {
  const f = 10 ** dp;
  const v = Math.round(x * f) / f;
  return v === 0 ? 0 : v; // no "-0" in the JSON
};

// Extra OI at round strikes: SPY 500 or 450 draws far more positions than 497.
function roundStrikeWeight(K: number): number {
  if (K % 50 === 0) return 3.5;
  if (K % 10 === 0) return 2.4;
  if (K % 5 === 0) return 1.6;
  return Number.isInteger(K) ? 1 : 0.5;
}

interface Priced {
  theo: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
  rho: number;
  iv: number;
}

function price(S: number, K: number, T: number, r: number, q: number, sigma: number, type: 'call' | 'put'): Priced {
  const bs = blackScholes({ S, K, T, r, q, sigma, type });
  const d2 = (Math.log(S / K) + (r - q - 0.5 * sigma * sigma) * T) / (sigma * Math.sqrt(T));
  const pvK = K * T * Math.exp(-r * T);
  const rho = (type === 'call' ? pvK * normalCdf(d2) : -pvK * normalCdf(-d2)) / 100;
  return { theo: bs.price, delta: bs.delta, gamma: bs.gamma, vega: bs.vega, theta: bs.theta / 365, rho, iv: sigma };
}

/** Open interest of one contract on one date (before rounding). */
export function openInterestOf(
  key: {
    seed: number;
    contract: string;
    kind: ExpiryKind;
    type: 'call' | 'put';
    strike: number;
    dte: number;
    T: number;
  },
  date: string,
  refSpot: number,
  atmVol: number,
  scale: number,
): number {
  const { seed, contract, kind, type, strike, dte, T } = key;
  // Puts cluster below the money (hedges), calls a little above (overwriting).
  const centre = refSpot * (type === 'put' ? 0.95 : 1.02);
  const width = Math.max(0.05, 1.2 * atmVol * Math.sqrt(Math.max(T, 0.08)));
  const shape = 0.03 + Math.exp(-0.5 * (Math.log(strike / centre) / width) ** 2);
  const own = Math.exp(0.5 * hashNormal(seed, 'oi', contract));
  const drift = Math.exp(C.oiDriftSd * smoothNoise(`${seed}|oi-drift|${contract}`, weekdayIndex(date), C.oiDriftKnots));
  // Short-dated series are young: positions build up as expiry approaches.
  const buildUp = kind === 'daily' || kind === 'weekly' ? 0.35 + 0.65 * Math.exp(-dte / 20) : 1;
  const side = type === 'put' ? C.putCallOiRatio : 1;
  return (
    C.baseOpenInterest * scale * C.kindWeight[kind] * side * shape * roundStrikeWeight(strike) * own * drift * buildUp
  );
}

const hms = (seconds: number): string =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');

/**
 * The JSON text of a CBOE delayed-quote chain for `underlying` on trading date `date` with
 * underlying close `spot`. Deterministic per (seed, underlying, date, spot, options).
 */
export function generateCboeOptionChain(
  underlying: string,
  date: string,
  spot: number,
  seed: number,
  opts: OptionChainOptions = {},
): string {
  assertDate(date);
  if (!(spot > 0 && Number.isFinite(spot))) throw new RangeError(`spot must be a positive number, got ${spot}`);
  const root = underlying.toUpperCase();
  const r = opts.r ?? C.r;
  const q = opts.q ?? C.q;
  const surface = volSurface(opts.vix);
  const prevSurface = opts.previousSpot !== undefined ? volSurface(opts.previousVix ?? opts.vix) : undefined;
  const refSpot = opts.referenceSpot ?? spot;
  const scale = opts.oiScale ?? 1;
  const prevDate = previousTradingDay(date);
  const options: Record<string, unknown>[] = [];

  for (const { expiry, kind } of listedExpiries(date)) {
    const dte = dayNumber(expiry) - dayNumber(date);
    const T = dte / 365;
    const F = spot * Math.exp((r - q) * T);
    const atm = surface.atm(T);
    for (const strike of listedStrikes(refSpot, T, atm)) {
      const sigma = surface.vol(strike, F, T);
      for (const type of ['call', 'put'] as const) {
        const contract = formatOccSymbol({ root, expiry, type, strike });
        const p = price(spot, strike, T, r, q, sigma, type);
        const z = Math.log(strike / F) / (atm * Math.sqrt(T));
        const oi = Math.round(
          openInterestOf({ seed, contract, kind, type, strike, dte, T }, date, refSpot, atm, scale),
        );
        const rng = rngFrom(seed, 'quote', contract, date);
        // Quoted width: a penny floor, then proportional to premium, wider away from the money and
        // for long-dated series (SPY is penny-quoted in every series).
        const spread = 0.01 + 0.004 * p.theo * (1 + 0.4 * Math.min(Math.abs(z), 4)) + (T > 0.5 ? 0.02 : 0);
        const bid = Math.max(0, Math.floor((p.theo - spread / 2) * 100) / 100);
        const ask = Math.ceil((p.theo + spread / 2) * 100) / 100;
        // Turnover: short-dated and near-the-money contracts trade many times their OI.
        const turnover =
          (0.15 + 10 * Math.exp(-dte / 2.5)) *
          Math.exp(-0.5 * (z / 1.5) ** 2) *
          Math.exp(0.7 * hashNormal(seed, 'vol', contract, date));
        const volume = Math.round((oi + 50 * scale) * turnover);
        const traded = volume > 0;
        // A trade prints at least one tick (CBOE's 0 means "no trade"), inside the closing quote.
        const last = traded
          ? Math.max(0.01, clamp(round(p.theo * (1 + 0.01 * hashNormal(seed, 'last', contract, date)), 2), bid, ask))
          : 0;
        const lastTime = traded
          ? `${date}T${hms(34_200 + Math.floor((1 - hashUnit(seed, 'time', contract, date) ** 3) * 24_299))}`
          : null;
        let prevClose: number | null = null;
        if (prevSurface && opts.previousSpot !== undefined) {
          const Tp = (dte + dayNumber(date) - dayNumber(prevDate)) / 365;
          const Fp = opts.previousSpot * Math.exp((r - q) * Tp);
          prevClose = round(price(opts.previousSpot, strike, Tp, r, q, prevSurface.vol(strike, Fp, Tp), type).theo, 2);
        }
        const change = prevClose !== null && traded ? round(last - prevClose, 2) : 0;
        const open = traded
          ? round(Math.max(0.01, last * (1 + 0.03 * hashNormal(seed, 'open', contract, date))), 2)
          : 0;
        options.push({
          option: contract,
          bid: round(bid, 2),
          bid_size: 1 + Math.floor(rng() * 300),
          ask: round(ask, 2),
          ask_size: 1 + Math.floor(rng() * 300),
          iv: round(p.iv, 4),
          open_interest: oi,
          volume,
          delta: round(p.delta, 4),
          gamma: round(p.gamma, 4),
          vega: round(p.vega, 4),
          theta: round(p.theta, 4),
          rho: round(p.rho, 4),
          theo: round(p.theo, 4),
          change,
          open,
          high: traded ? round(Math.max(open, last) * (1 + 0.02 * rng()), 2) : 0,
          low: traded ? round(Math.max(0.01, Math.min(open, last) * (1 - 0.02 * rng())), 2) : 0,
          tick: change > 0 ? 'up' : change < 0 ? 'down' : 'no_change',
          last_trade_price: last,
          last_trade_time: lastTime,
          percent_change: prevClose ? round((change / prevClose) * 100, 4) : 0,
          prev_day_close: prevClose,
        });
      }
    }
  }

  const data = {
    symbol: root,
    current_price: round(spot, 2),
    price_change: opts.previousSpot !== undefined ? round(spot - opts.previousSpot, 2) : 0,
    close: round(spot, 2),
    prev_day_close: opts.previousSpot !== undefined ? round(opts.previousSpot, 2) : null,
    iv30: round(surface.atm(30 / 365) * 100, 3),
    options,
  };
  return JSON.stringify({ timestamp: `${date} ${opts.time ?? '16:15:00'}`, data });
}
