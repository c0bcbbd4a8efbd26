import type { SpreadStructure } from '@tapewatch/shared/flow/multi-leg';
import type { ListedExpiry, OptionContract, OptionsMarket } from '../../domain/options-market/index.ts';
import { normal, pickWeighted } from './prng.ts';

/**
 * Which listed contracts the simulated flow trades: one contract for a single print, two for a spread
 * order. Only contracts the options market lists that day, nothing quoted under MIN_OPTION_PRICE.
 */

/** Nothing priced under five cents prints (the feed's lottery tickets start there). */
export const MIN_OPTION_PRICE = 0.05;

function chooseExpiry(rng: () => number, expiries: readonly ListedExpiry[]): ListedExpiry {
  // Near-term weight with a floor, so monthlies and LEAPS still trade (about 5% LEAPS).
  const weights = expiries.map((e, i) => (e.kind === 'leaps' ? 0.35 : Math.exp(-i / 3) + 0.04));
  const total = weights.reduce((a, b) => a + b, 0);
  let u = rng() * total;
  for (let i = 0; i < expiries.length; i += 1) if ((u -= weights[i]!) < 0) return expiries[i]!;
  return expiries.at(-1)!;
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

/**
 * The listed contract of `expiry` nearest to strike `k`, stepped towards the money until `priced`
 * holds for its quote at `spot` (out-of-the-money wings can quote under the minimum).
 */
function contractNear(
  m: OptionsMarket,
  expiry: string,
  type: 'call' | 'put',
  k: number,
  spot: number,
  priced: (q: { bid: number; ask: number }) => boolean,
): OptionContract {
  const strikes = m.strikes(expiry);
  const at = (j: number): OptionContract => m.contractAt(expiry, strikes[j]!, type)!;
  let i = nearestIndex(strikes, k);
  const inward = type === 'call' ? -1 : 1;
  while (!priced(m.quote(at(i), spot)) && i + inward >= 0 && i + inward < strikes.length) i += inward;
  return at(i);
}

/** One standard deviation of the log price to an expiry, from the at-the-money vol. */
const sdTo = (m: OptionsMarket, c: OptionContract): number => m.surface.atm(c.T) * Math.sqrt(c.T);

/** A single print's contract: mostly slightly out of the money, a fat tail of lottery tickets, some in the money. */
export function pickContract(
  rng: () => number,
  m: OptionsMarket,
  putCall: 'call' | 'put',
  spot: number,
): OptionContract {
  const expiry = chooseExpiry(rng, m.expirations).expiry;
  const first = m.contractAt(expiry, m.strikes(expiry)[0]!, putCall)!;
  const sd = sdTo(m, first) * 0.9;
  const z = Math.abs(normal(rng)) * (rng() < 0.1 ? 2.5 : 1) * (rng() < 0.18 ? -0.6 : 1);
  const k = spot * Math.exp((putCall === 'call' ? 1 : -1) * z * sd);
  return contractNear(m, expiry, putCall, k, spot, (q) => q.ask >= MIN_OPTION_PRICE);
}

export interface SpreadOrder {
  structure: SpreadStructure;
  legs: Array<{ contract: OptionContract; side: 'buy' | 'sell' }>;
}

/** How often each structure is traded among spread orders (verticals are the commonest). */
const STRUCTURE_WEIGHTS: ReadonlyArray<readonly [SpreadStructure, number]> = [
  ['vertical', 0.4],
  ['calendar', 0.15],
  ['straddle', 0.15],
  ['strangle', 0.15],
  ['risk reversal', 0.15],
];

/** A spread's legs are both quoted with a bid of at least the minimum: a sold leg fills at a real bid. */
const bothSides = (q: { bid: number }): boolean => q.bid >= MIN_OPTION_PRICE;
/** Legs far apart in price would need a huge size for the cheap leg to clear the premium floor. */
const MAX_LEG_PRICE_RATIO = 20;

/**
 * A two-leg order on one underlying: the structure, its listed legs and which are bought. `putCall`
 * is the regime's type for the one-type structures (verticals, calendars); `bullish` picks the side
 * of a risk reversal. Null when the chain has no such pair (then a single print trades instead).
 */
export function pickSpread(
  rng: () => number,
  m: OptionsMarket,
  spot: number,
  putCall: 'call' | 'put',
  bullish: boolean,
): SpreadOrder | null {
  const structure = pickWeighted(STRUCTURE_WEIGHTS, rng());
  const expiries = m.expirations;
  const near = chooseExpiry(rng, structure === 'calendar' ? expiries.slice(0, -1) : expiries);
  const atExpiry = (type: 'call' | 'put', k: number, expiry = near.expiry) =>
    contractNear(m, expiry, type, k, spot, bothSides);
  const sd = sdTo(m, m.contractAt(near.expiry, m.strikes(near.expiry)[0]!, 'call')!);
  const out = (k: number) => spot * Math.exp(k * sd);
  const buyFirst = (p: number) => (rng() < p ? (['buy', 'sell'] as const) : (['sell', 'buy'] as const));
  let legs: SpreadOrder['legs'];
  switch (structure) {
    case 'vertical': {
      // Slightly out of the money, and a wing one to three strikes further out.
      const dir = putCall === 'call' ? 1 : -1;
      const first = atExpiry(putCall, out(dir * 0.2));
      const strikes = m.strikes(near.expiry);
      const j = strikes.indexOf(first.strike) + dir * (1 + Math.floor(rng() * 3));
      if (j < 0 || j >= strikes.length) return null;
      const wing = atExpiry(putCall, strikes[j]!);
      const [a, b] = buyFirst(0.65); // debit spreads (buy the nearer strike) more often than credit
      legs = [
        { contract: first, side: a },
        { contract: wing, side: b },
      ];
      break;
    }
    case 'calendar': {
      // Sell the near expiry, buy a later one at the same strike (long calendar) more often than not.
      const later = expiries.filter((e) => e.expiry > near.expiry);
      const far = later[Math.min(later.length - 1, Math.floor(rng() * 4))]!;
      const first = atExpiry(putCall, out((putCall === 'call' ? 1 : -1) * 0.1));
      const second = m.contractAt(far.expiry, first.strike, putCall);
      if (!second || !bothSides(m.quote(second, spot))) return null;
      const [a, b] = buyFirst(0.25);
      legs = [
        { contract: first, side: a },
        { contract: second, side: b },
      ];
      break;
    }
    case 'straddle': {
      const call = atExpiry('call', spot);
      const put = m.contractAt(near.expiry, call.strike, 'put')!;
      if (!bothSides(m.quote(put, spot))) return null;
      const side = rng() < 0.6 ? 'buy' : 'sell';
      legs = [
        { contract: call, side },
        { contract: put, side },
      ];
      break;
    }
    case 'strangle':
    case 'risk reversal': {
      const wing = structure === 'strangle' ? 0.5 : 0.6;
      const put = atExpiry('put', out(-wing));
      const call = atExpiry('call', out(wing));
      if (put.strike >= call.strike) return null;
      const [callSide, putSide] =
        structure === 'strangle'
          ? rng() < 0.55
            ? (['buy', 'buy'] as const)
            : (['sell', 'sell'] as const)
          : bullish
            ? (['buy', 'sell'] as const)
            : (['sell', 'buy'] as const);
      legs = [
        { contract: call, side: callSide },
        { contract: put, side: putSide },
      ];
      break;
    }
  }
  if (legs[0]!.contract.symbol === legs[1]!.contract.symbol) return null;
  const mids = legs.map((l) => {
    const q = m.quote(l.contract, spot);
    return (q.bid + q.ask) / 2;
  });
  if (Math.max(...mids) > MAX_LEG_PRICE_RATIO * Math.min(...mids)) return null;
  return { structure, legs };
}
